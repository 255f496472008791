import { PRODUCT_PHOTO_FORMATS, type ProductPhotoSources } from '@shop/contract';
import type { ImgHTMLAttributes } from 'react';

type Image = { url: string; width: number; height: number; photo?: ProductPhotoSources | null };
type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & { image: Image; sizes: string };

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** `{base}-320.avif 320w, {base}-480.avif 480w, …`: every width the photo was made at, in one format. */
export const photoSrcSet = (photo: ProductPhotoSources, format: (typeof PRODUCT_PHOTO_FORMATS)[number]) =>
  photo.widths.map((width) => `${photo.base}-${width}.${format} ${width}w`).join(', ');

/**
 * A product's picture. A merchant's photo is a `<picture>`: AVIF, then WebP, then JPEG, each at every width with
 * `sizes` saying how wide it shows, so a phone downloads the width it needs (docs/adr/0038). A drawing (SVG,
 * ADR 18) is one file that is sharp at any size: a plain `<img>`.
 */
export function ProductPicture({ image, sizes, alt, ...rest }: Props) {
  if (!image.photo) return <img src={image.url} alt={alt} width={image.width} height={image.height} {...rest} />;
  return (
    <picture>
      {(['avif', 'webp'] as const).map((format) => (
        <source key={format} type={TYPES[format]} srcSet={photoSrcSet(image.photo!, format)} sizes={sizes} />
      ))}
      <img src={image.url} srcSet={photoSrcSet(image.photo, 'jpg')} sizes={sizes} alt={alt} width={image.width} height={image.height} {...rest} />
    </picture>
  );
}
