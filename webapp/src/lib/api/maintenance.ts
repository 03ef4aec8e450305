// Server maintenance popup: any API call answering 503 `maintenance` (MAINTENANCE_MODE, or the
// database briefly out of reach) while a page is open. The API client announces it; the locale layout's
// MaintenanceNotice listens and opens MaintenancePopup, which says "come back later". Page loads during maintenance never get here:
// src/proxy.ts serves them the maintenance page itself.
export const MAINTENANCE_EVENT = 'lumo:maintenance';

export function isMaintenance(status: number, body: unknown): boolean {
  return status === 503 && (body as { message?: unknown } | null)?.message === 'maintenance';
}

export function announceMaintenance(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(MAINTENANCE_EVENT));
}
