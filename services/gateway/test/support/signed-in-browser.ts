import { confirmIfListedAdmin, uniqueEmail, type TestGateway } from './test-gateway';

/** A browser signed up with a new account (confirmed when its address is in ADMIN_EMAILS). */
export async function signedInBrowser(gateway: TestGateway, label = 'student', email = uniqueEmail(label)) {
  const browser = gateway.browser();
  const response = await browser
    .post('/api/auth/signup')
    .send({ email, password: 'correct horse', name: label });
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  await confirmIfListedAdmin(gateway, email);
  return Object.assign(browser, { email, userId: response.body.id as string });
}

export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
