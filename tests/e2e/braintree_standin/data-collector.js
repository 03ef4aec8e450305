export async function create() {
  return { deviceData: JSON.stringify({ correlation_id: 'standin' }), teardown: async () => undefined };
}
