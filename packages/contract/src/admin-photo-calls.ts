import { z } from 'zod';
import { adminCall } from './admin-call.ts';
import {
  adminProductPhotoSchema,
  adminProductPhotosInput,
  adminProductPhotosSchema,
  deleteProductPhotoInput,
  moveProductPhotoInput,
  productPhotoFileAdminSchema,
  productPhotoUploadInput,
  productPhotoUploadSchema,
  readProductPhotoFileInput,
  startProductPhotoUploadInput,
  updateProductPhotoInput,
  uploadProductPhotoChunkInput,
} from './admin-photos.ts';

/**
 * Product photos (docs/adr/0042-photo-storage-and-pipeline.md): uploaded in chunks (resumable: an upload says how
 * much has arrived), checked by content, made into AVIF, WebP and JPEG at the pages' widths; ordered, described
 * per language, deleted. Every change is audited and shows in the storefront at once.
 */
export const adminPhotoCalls = {
  listProductPhotos: adminCall('catalogue', adminProductPhotosInput, adminProductPhotosSchema, { readOnly: true, refusals: ['not_found'] }),
  startProductPhotoUpload: adminCall('catalogue', startProductPhotoUploadInput, productPhotoUploadSchema, { refusals: ['not_found', 'photo_too_large'] }),
  uploadProductPhotoChunk: adminCall('catalogue', uploadProductPhotoChunkInput, productPhotoUploadSchema, { refusals: ['not_found', 'conflict', 'photo_not_image', 'photo_too_large'] }),
  getProductPhotoUpload: adminCall('catalogue', productPhotoUploadInput, productPhotoUploadSchema, { readOnly: true, refusals: ['not_found'] }),
  updateProductPhoto: adminCall('catalogue', updateProductPhotoInput, adminProductPhotoSchema, { refusals: ['not_found'] }),
  moveProductPhoto: adminCall('catalogue', moveProductPhotoInput, z.object({ photos: z.array(adminProductPhotoSchema) }), { refusals: ['not_found'] }),
  deleteProductPhoto: adminCall('catalogue', deleteProductPhotoInput, z.object({ id: z.number().int() }), { refusals: ['not_found'] }),
  readProductPhotoFile: adminCall('catalogue', readProductPhotoFileInput, productPhotoFileAdminSchema, { readOnly: true, refusals: ['not_found'] }),
};
