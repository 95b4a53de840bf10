export { AttachmentList, type AttachmentListProps } from './AttachmentList';
export * from './attachmentList.logic';
