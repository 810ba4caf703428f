const MAX_SIDE = 2400;

/**
 * A phone photo re-encoded as JPEG, at most 2400 px a side: a 4G upload of a few hundred KB
 * instead of several MB, and the EXIF rotation applied so the merged PDF shows the page upright.
 * When the browser cannot decode it (HEIC on some browsers), the photo goes as taken.
 */
export async function preparePhoto(file: File, name: string): Promise<File> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ? new File([blob], name, { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}
