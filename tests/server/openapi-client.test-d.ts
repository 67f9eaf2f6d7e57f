/**
 * Compiled by tests/server/openapi.test.ts, not by the project's own tsc (tsconfig.json
 * leaves it out): 'wallflower-api' is the client openapi-typescript generates there from
 * /api/docs/json. A client built on the document must type these calls exactly as the
 * contract's zod schemas do, so a document that drifts from the contract fails here.
 */
import { expectTypeOf } from 'vitest';
import type { z } from 'zod';
import type { operations, paths } from 'wallflower-api';
import type { RegisterBodySchema } from '../../contract/account';
import type { DetailSchema, UserSchema } from '../../contract/common';
import type { NearbyEntrySchema } from '../../contract/discovery';
import type { SendChatAnswerSchema, SendChatBodySchema } from '../../contract/social';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

type Register = paths['/api/auth/register']['post'];
expectTypeOf<Json<Register['requestBody']>>().toEqualTypeOf<z.input<typeof RegisterBodySchema>>();
expectTypeOf<Json<Register['responses'][200]>>().toEqualTypeOf<z.output<typeof UserSchema>>();

type Discover = paths['/api/discover/{eventId}']['get'];
expectTypeOf<Json<Discover['responses'][200]>[number]>().toEqualTypeOf<z.output<typeof NearbyEntrySchema>>();

type ChatSend = paths['/api/chat/send']['post'];
expectTypeOf<Json<ChatSend['requestBody']>>().toEqualTypeOf<z.input<typeof SendChatBodySchema>>();
expectTypeOf<Json<ChatSend['responses'][200]>>().toEqualTypeOf<z.output<typeof SendChatAnswerSchema>>();

// Operations are reachable by their operationId too, and errors carry the shared {detail}.
expectTypeOf<operations['sendChatMessage']>().toEqualTypeOf<ChatSend>();
expectTypeOf<Json<ChatSend['responses'][429]>>().toEqualTypeOf<z.output<typeof DetailSchema>>();
