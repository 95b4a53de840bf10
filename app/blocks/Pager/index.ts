export { Pager, type PagerProps } from './Pager';
export * from './pager.logic';
