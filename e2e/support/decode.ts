import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';
import type { Locator } from '@playwright/test';
import { PNG } from 'pngjs';

/** What a scanner reads from a PNG: the decoded text and the symbology it found. */
export function decodePng(png: Buffer, formats: BarcodeFormat[]): { text: string; format: string } {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const at = i * 4;
    luminance[i] = (image.data[at]! * 299 + image.data[at + 1]! * 587 + image.data[at + 2]! * 114) / 1000;
  }
  const decode = (pure: boolean) => {
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, formats],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    if (pure) hints.set(DecodeHintType.PURE_BARCODE, true);
    return new MultiFormatReader().decode(
      new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height))),
      hints,
    );
  };
  let result;
  try {
    result = decode(false);
  } catch (error) {
    // The library's QR finder misses some crisp, small symbols that other decoders read at once
    // (whether a product link's 25-module code is missed depends on the port in the link). An image
    // from scanElement is upright and cropped to the symbol and its quiet zone, which is what
    // pure-barcode mode reads without the finder, with the same error correction.
    if (!(error instanceof NotFoundException) || !formats.includes(BarcodeFormat.QR_CODE)) throw error;
    result = decode(true);
  }
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}

/**
 * Scans an element on screen: scrolled into view, then a screenshot clipped one pixel inside its box,
 * within the symbol's quiet zone. A box that does not fall on whole pixels would otherwise bring a row
 * of the page around it (dark in dark mode) into the image. Saved to `path` for a reader to look at.
 */
export async function scanElement(symbol: Locator, path: string, formats: BarcodeFormat[]) {
  await symbol.scrollIntoViewIfNeeded();
  const box = (await symbol.boundingBox())!;
  const clip = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
  return decodePng(await symbol.page().screenshot({ path, clip }), formats);
}

export { BarcodeFormat };
