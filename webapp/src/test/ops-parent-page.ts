// The console's parent page as GET /ops/v1/parents/{id} answers it: shared by the console's screen tests.

export const PARENT_PAGE = {
  account: {
    id: 7,
    email: 'zeb@example.com',
    name: 'Zeb',
    isEmailConfirmed: true,
    isEmailFake: false,
    partner: null,
    language: 'fr',
    createdAt: '2026-11-01T10:00:00+00:00',
    deletedAt: null,
  },
  subscriptions: [
    {
      id: 3,
      subscriptionType: 'lumo_tv',
      storeId: 'lumo',
      paymentStateId: 'Active',
      endDate: '2026-12-01T10:00:00+00:00',
      isRenewing: true,
      isExpired: false,
      visible: true,
      cancel: { method: 'in_app' },
    },
  ],
  couponsRedeemed: [],
  emails: [
    { id: 1, topic: 'welcome', createdAt: '2026-11-01T10:00:00+00:00', status: 'delivered' },
  ],
  consents: [],
  sessions: [],
  tvLinks: [],
  childProfiles: 2,
  throttle: { failures: 0, blocked: false, blockedUntil: null },
  audit: [],
  timeline: [
    { at: '2026-11-01T10:05:00+00:00', kind: 'email', detail: 'welcome', state: 'delivered' },
    { at: '2026-11-01T10:00:00+00:00', kind: 'account.created', detail: 'web' },
  ],
};
