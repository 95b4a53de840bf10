/** The document screens' server side: routes, and loading one document for other modules (printing). */
export { documentRoutes } from './routes';
export { loadDocumentOfType } from './service';
