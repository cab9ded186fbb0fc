// ico-endec ships no types; the part the shop uses (its README, "Encoding" and "Decoding").
declare module 'ico-endec' {
  interface IconEntry {
    width: number;
    height: number;
    imageType: 'png' | 'bmp';
    imageData: Buffer;
  }

  const icoEndec: {
    /** An ICO file holding the given PNG (or BMP) images, one entry each. */
    encode(images: ReadonlyArray<Buffer | ArrayBuffer>): Buffer;
    decode(ico: Buffer | ArrayBuffer): IconEntry[];
  };
  export default icoEndec;
}
