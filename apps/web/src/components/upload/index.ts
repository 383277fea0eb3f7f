export { ImageUpload, type ImageUploadProps } from './image-upload';
export { MultiImageUpload, type MultiImageUploadProps } from './multi-image-upload';
