export { pickerRoutes } from './routes';
