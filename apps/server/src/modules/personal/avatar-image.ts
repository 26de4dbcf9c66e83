import sharp from 'sharp';
import { AVATAR_SIZE } from '@bourse/contract';
import { isWellFormed } from '../../lib/uploads/upload-content.ts';
import { detectUploadType } from '../../lib/uploads/upload-type.ts';

const accepted = new Set(['jpg', 'png', 'webp']);
// Larger pictures than a phone camera's are refused before decoding (a decompression bomb stops here).
const MAX_INPUT_PIXELS = 50_000_000;

/** Whether the bytes are a well-formed JPEG, PNG or WebP image and nothing more, judged by content alone. */
export async function isAcceptedImage(content: Buffer): Promise<boolean> {
  const type = await detectUploadType(content);
  return type !== null && accepted.has(type.ext) && (await isWellFormed(content, type));
}

/**
 * The avatar as stored: turned upright, cropped to the centred square, resized to
 * AVATAR_SIZE × AVATAR_SIZE and re-encoded as WebP. Re-encoding drops every metadata block
 * (EXIF with its GPS position, XMP, ICC), since sharp copies none unless asked. Null when the
 * image cannot be decoded.
 */
export async function toAvatar(content: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}
