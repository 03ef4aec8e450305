import { api } from './client';

// Parent's data rights: export everything, or delete the account.
export function exportAccountData() {
  return api.GET('/v5/account/export');
}

/** `password` is already hashed (lib/password). 400 code 1 wrongPassword, 503 accountDeleteFailed. */
export function deleteAccount(password: string) {
  return api.POST('/v5/account/delete', { body: { password } });
}

/** Saves a JSON document as a file through a temporary link. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
