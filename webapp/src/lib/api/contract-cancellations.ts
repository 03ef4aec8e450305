import { API_BASE_PATH, publicApi } from './client';
import type { components } from './schema';

// The public cancellation page (docs/consumer-law.md#cancellation-page): no bearer token is sent, ever.
export type CancellationInput = components['schemas']['Cancellation'];
export type Declaration = components['schemas']['Declaration'];

export function declareCancellation(input: CancellationInput) {
  return publicApi.POST('/v5/contract-cancellations', { body: input });
}

/** The declaration's PDF copy; the receipt goes in the body, so it stays out of access logs. */
export async function cancellationPdf(receipt: string): Promise<Blob | null> {
  try {
    const response = await fetch(`${API_BASE_PATH}/v5/contract-cancellations/pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify({ receipt }),
    });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

/** Saves a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
