import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
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
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = reader.decode(
    new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height))),
    hints,
  );
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}

export { BarcodeFormat };
