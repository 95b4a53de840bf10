export { Toolbar, type ToolbarProps, type ToolbarClose } from './Toolbar';
export * from './toolbar.logic';
