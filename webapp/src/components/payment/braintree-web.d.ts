// The few braintree-web calls hosted.ts makes (the package ships no types).
declare module 'braintree-web/client' {
  export type Client = { teardown(): Promise<void> };
  export function create(options: { authorization: string }): Promise<Client>;
}

declare module 'braintree-web/hosted-fields' {
  import type { Client } from 'braintree-web/client';
  export type HostedFields = {
    tokenize(options?: { cardholderName?: string }): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  };
  export function create(options: {
    client: Client;
    styles?: Record<string, Record<string, string>>;
    fields: Record<string, { container: string; placeholder?: string; maxlength?: number; formatInput?: boolean }>;
  }): Promise<HostedFields>;
}

declare module 'braintree-web/data-collector' {
  import type { Client } from 'braintree-web/client';
  export function create(options: { client: Client }): Promise<{ deviceData: string; teardown(): Promise<void> }>;
}

declare module 'braintree-web/paypal' {
  import type { Client } from 'braintree-web/client';
  export function create(options: { client: Client }): Promise<{
    tokenize(options: { flow: 'vault'; currency?: string; locale?: string }): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  }>;
}

declare module 'braintree-web/google-payment' {
  import type { Client } from 'braintree-web/client';
  export function create(options: { client: Client; googlePayVersion: 2; googleMerchantId?: string }): Promise<{
    createPaymentDataRequest(options: Record<string, unknown>): Record<string, unknown>;
    parseResponse(response: unknown): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  }>;
}
