import { verificationKinds } from '@bourse/contract';
import type { TestUser } from './factories.ts';
import { files } from './files.ts';
import type { TestServer } from './test-server.ts';

/** Verifies a customer's identity the way it happens for real: four uploads, each approved by an admin. */
export async function verifyIdentity(server: TestServer, customer: TestUser, adminToken: string): Promise<void> {
  for (const kind of verificationKinds) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(files.photo.jpeg)], { type: 'image/jpeg' }), `${kind}.jpg`);
    const res = await fetch(`${server.url}/api/v1/verification/documents`, { method: 'POST', headers: { authorization: `Bearer ${customer.token}` }, body: form });
    if (res.status !== 201) throw new Error(`upload of ${kind} failed: ${res.status} ${await res.text()}`);
  }
  const overview = await server.call('GET', '/verification', { token: customer.token });
  for (const doc of overview.body.data.documents as { file: { id: number } }[]) {
    const res = await server.call('POST', `/admin/verification/documents/${doc.file.id}/approve`, { token: adminToken, body: {} });
    if (res.status !== 200) throw new Error(`approval failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
