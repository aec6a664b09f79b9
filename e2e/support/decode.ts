import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';
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
    // (whether a product link's 25-module code is missed depends on the port in the link). The image here is an element's own
    // screenshot: upright and cropped to the symbol and its quiet zone, which is what pure-barcode
    // mode reads without the finder, with the same error correction.
    if (!(error instanceof NotFoundException) || !formats.includes(BarcodeFormat.QR_CODE)) throw error;
    result = decode(true);
  }
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}

export { BarcodeFormat };
