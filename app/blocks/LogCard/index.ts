export { LogCard, type LogCardProps } from './LogCard';
