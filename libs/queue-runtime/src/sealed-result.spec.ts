import { createResultOpener, sealRequestedBy, sealResult, SEAL_RESULT_FIELD } from './sealed-result';

describe('sealed job results', () => {
  const url = 'https://checkout.stripe.com/c/pay/cs_live_secret';

  it('opens, for the requester, exactly the result the worker sealed; Redis would hold no trace of it', () => {
    const opener = createResultOpener();
    const sealed = sealResult(
      { url },
      sealRequestedBy({ userId: 'u1', [SEAL_RESULT_FIELD]: opener.publicKey })!,
    );
    expect(JSON.stringify(sealed)).not.toContain('cs_live_secret');
    expect(opener.open(sealed)).toEqual({ url });
  });

  it('cannot be opened with another request’s key, nor once tampered with', () => {
    const sealed = sealResult({ url }, createResultOpener().publicKey);
    expect(() => createResultOpener().open(sealed)).toThrow();
    const opener = createResultOpener();
    const mine = sealResult({ url }, opener.publicKey);
    const data = Buffer.from(mine.sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(() => opener.open({ sealed: { ...mine.sealed, data: data.toString('base64') } })).toThrow();
  });

  it('refuses a result that was not sealed, and asks for no seal without a key', () => {
    expect(() => createResultOpener().open({ url })).toThrow(/not sealed/);
    expect(sealRequestedBy({ userId: 'u1' })).toBeNull();
  });
});
