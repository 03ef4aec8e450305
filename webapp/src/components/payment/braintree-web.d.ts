// The braintree-web calls hosted.ts makes (the package ships no types), with the shapes of its documentation.
declare module 'braintree-web/client' {
  export type Client = { teardown(): Promise<void> };
  export function create(options: { authorization: string }): Promise<Client>;
}

declare module 'braintree-web/hosted-fields' {
  import type { Client } from 'braintree-web/client';
  type FieldState = {
    isValid: boolean;
    isPotentiallyValid: boolean;
    isEmpty: boolean;
    isFocused: boolean;
  };
  export type HostedFieldsEvent = {
    emittedBy: string;
    fields: Record<string, FieldState>;
    cards: { type: string }[];
  };
  export type HostedFields = {
    tokenize(options?: {
      cardholderName?: string;
    }): Promise<{ nonce: string; details: { bin: string; lastFour: string; cardType: string } }>;
    on(
      event: 'validityChange' | 'blur' | 'focus' | 'empty' | 'notEmpty' | 'cardTypeChange',
      handler: (event: HostedFieldsEvent) => void,
    ): void;
    teardown(): Promise<void>;
  };
  export function create(options: {
    client: Client;
    styles?: Record<string, Record<string, string>>;
    fields: Record<
      string,
      {
        container: string;
        placeholder?: string;
        maxlength?: number;
        formatInput?: boolean;
        supportedCardBrands?: Record<string, boolean>;
      }
    >;
  }): Promise<HostedFields>;
}

declare module 'braintree-web/data-collector' {
  import type { Client } from 'braintree-web/client';
  export function create(options: {
    client: Client;
  }): Promise<{ deviceData: string; teardown(): Promise<void> }>;
}

declare module 'braintree-web/three-d-secure' {
  import type { Client } from 'braintree-web/client';
  export type VerifyPayload = {
    nonce: string;
    liabilityShifted: boolean;
    liabilityShiftPossible: boolean;
    threeDSecureInfo?: { status?: string };
  };
  export type ThreeDSecure = {
    verifyCard(options: {
      amount: string;
      nonce: string;
      bin: string;
      email?: string;
      billingAddress?: { givenName?: string; surname?: string; countryCodeAlpha2?: string };
      collectDeviceData?: boolean;
      onLookupComplete?: (data: unknown, next: () => void) => void;
    }): Promise<VerifyPayload>;
    cancelVerifyCard(): Promise<VerifyPayload>;
    on(
      event: 'authentication-iframe-available',
      handler: (event: { element: HTMLElement }, next: () => void) => void,
    ): void;
    on(
      event:
        | 'lookup-complete'
        | 'customer-canceled'
        | 'authentication-modal-render'
        | 'authentication-modal-close',
      handler: (...args: unknown[]) => void,
    ): void;
    off(event: string, handler: (...args: never[]) => void): void;
    teardown(): Promise<void>;
  };
  export function create(options: {
    client: Client;
    version: '2' | '2-inline-iframe';
  }): Promise<ThreeDSecure>;
}

declare module 'braintree-web/paypal-checkout' {
  import type { Client } from 'braintree-web/client';
  type Buttons = { render(selector: string): Promise<void> };
  export type PayPalSdk = {
    Buttons(options: Record<string, unknown>): Buttons;
    FUNDING: { PAYPAL: string };
  };
  export function create(options: { client: Client }): Promise<{
    loadPayPalSDK(options: {
      vault?: boolean;
      intent?: string;
      currency?: string;
    }): Promise<PayPalSdk>;
    createPayment(options: {
      flow: 'vault' | 'checkout';
      currency?: string;
      amount?: string;
    }): Promise<string>;
    tokenizePayment(data: unknown): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  }>;
}

declare module 'braintree-web/google-payment' {
  import type { Client } from 'braintree-web/client';
  export function create(options: {
    client: Client;
    googlePayVersion: 2;
    googleMerchantId?: string;
  }): Promise<{
    createPaymentDataRequest(options: Record<string, unknown>): Record<string, unknown>;
    parseResponse(
      response: unknown,
    ): Promise<{ nonce: string; details: { bin: string; isNetworkTokenized: boolean } }>;
    teardown(): Promise<void>;
  }>;
}

declare module 'braintree-web/apple-pay' {
  import type { Client } from 'braintree-web/client';
  export function create(options: { client: Client }): Promise<{
    createPaymentRequest(request: {
      total: { label: string; amount: string };
    }): Record<string, unknown>;
    performValidation(options: { validationURL: string; displayName: string }): Promise<unknown>;
    tokenize(options: { token: unknown }): Promise<{ nonce: string }>;
    teardown(): Promise<void>;
  }>;
}
