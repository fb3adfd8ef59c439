import {
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * Some job results are bearer secrets (a Stripe Checkout or billing portal URL is a session for whoever holds it).
 * BullMQ keeps every result in Redis (in the completed job and in the queue's event stream), so such a result is
 * sealed for the requester alone: the requester puts a one-time X25519 public key in the job's data under this
 * field, the worker encrypts the result to it (ECDH with a key of its own, HKDF-SHA256, AES-256-GCM), and only
 * the requester's private key, which never leaves its memory, opens it. Redis holds ciphertext only.
 */
export const SEAL_RESULT_FIELD = 'sealResultTo';

const INFO = Buffer.from('lectern sealed job result v1');

export interface SealedResult {
  sealed: { v: 1; key: string; iv: string; tag: string; data: string };
}

export interface ResultOpener {
  /** The public key to put in the job's data under SEAL_RESULT_FIELD. */
  publicKey: string;
  open(result: unknown): unknown;
}

function aesKey(privateKey: KeyObject, publicKey: KeyObject): Buffer {
  const shared = diffieHellman({ privateKey, publicKey });
  return Buffer.from(hkdfSync('sha256', shared, Buffer.alloc(0), INFO, 32));
}

const importPublicKey = (base64: string) =>
  createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });

/** The requester's side: a key pair for one job, and the opening of its sealed result. */
export function createResultOpener(): ResultOpener {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    open(result) {
      const sealed = (result as Partial<SealedResult> | null)?.sealed;
      if (!sealed || sealed.v !== 1) throw new Error('the job answered a result that is not sealed');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        aesKey(privateKey, importPublicKey(sealed.key)),
        Buffer.from(sealed.iv, 'base64'),
      );
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as unknown;
    },
  };
}

/** The worker's side: the result encrypted to the requester's public key. */
export function sealResult(result: unknown, requesterPublicKey: string): SealedResult {
  const own = generateKeyPairSync('x25519');
  const iv = randomBytes(12);
  const cipher = createCipheriv(
    'aes-256-gcm',
    aesKey(own.privateKey, importPublicKey(requesterPublicKey)),
    iv,
  );
  const data = Buffer.concat([cipher.update(JSON.stringify(result ?? null), 'utf8'), cipher.final()]);
  return {
    sealed: {
      v: 1,
      key: own.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    },
  };
}

/** The public key a job's data asks its result to be sealed to, if any. */
export function sealRequestedBy(data: unknown): string | null {
  const key = (data as Record<string, unknown> | null)?.[SEAL_RESULT_FIELD];
  return typeof key === 'string' && key !== '' ? key : null;
}
