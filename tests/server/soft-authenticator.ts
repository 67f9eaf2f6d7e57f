/**
 * A software passkey authenticator for the server's tests: a real WebAuthn peer (ES256,
 * "none" attestation, discoverable credentials) that answers the server's options as a
 * browser and a platform authenticator would, so every check the server makes runs on
 * real signatures. Its knobs make the answers a careless or hostile client might send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the server gave at registration. */
  userHandle: Buffer;
  rpId: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return JSON.stringify({ type, challenge, origin, crossOrigin: false });
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  /** Answers `navigator.credentials.create`'s options: a new credential, kept here. */
  register(options: CreationOptions, opts: { origin?: string; challenge?: string } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(isoCBOR.encode(cose))]);
    // User present and verified, attested credential data included.
    const data = authData(rpId, 0x01 | 0x04 | 0x40, 0, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', data]]) as never);
    const credential: SoftCredential = { id, privateKey, userHandle: Buffer.from(options.user.id, 'base64url'), rpId, counter: 0 };
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', opts.challenge ?? options.challenge, opts.origin ?? this.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal' as const],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      },
    };
  }

  /** Answers `navigator.credentials.get`'s options with a credential kept here (the newest by default). */
  assert(
    options: RequestOptions,
    opts: { credential?: SoftCredential; origin?: string; counter?: number; userHandle?: Buffer; challenge?: string } = {},
  ) {
    const credential = opts.credential ?? this.credentials.at(-1)!;
    credential.counter = opts.counter ?? credential.counter + 1;
    const data = authData(options.rpId ?? credential.rpId, 0x01 | 0x04, credential.counter);
    const client = clientData('webauthn.get', opts.challenge ?? options.challenge, opts.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(client),
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: b64url(opts.userHandle ?? credential.userHandle),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
