// Types only: the contract's values (zod) stay out of the product page's bundle.
import type { ProductPhotoSources } from '@shop/contract';
import type { ImgHTMLAttributes } from 'react';

type Image = { url: string; width: number; height: number; photo?: ProductPhotoSources | null };
type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & { image: Image; sizes: string };

/**
 * A product's picture. A merchant's photo is a `<picture>`: AVIF, then WebP, then JPEG, each at every width (the API's `srcset`) with
 * `sizes` saying how wide it shows, so a phone downloads the width it needs (docs/adr/0038). A drawing (SVG,
 * ADR 18) is one file that is sharp at any size: the `<img>` alone.
 */
export function ProductPicture({ image: { url, width, height, photo }, sizes, ...rest }: Props) {
  if (!photo) return <img src={url} width={width} height={height} {...rest} />;
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img src={url} srcSet={photo.jpg} sizes={sizes} width={width} height={height} {...rest} />
    </picture>
  );
}
