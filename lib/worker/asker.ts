/**
 * Questions to the analysis worker as promises: each gets a request id, and the reply with that id
 * resolves it, checked against the type of answer the question has (protocol.ts, ANSWER_TYPE). The
 * page's useAnalysis and the tests that drive a session on the main thread use the same asker.
 */
import { ANSWER_TYPE, type Ask, type Question, type QuestionOf, type Questions, type QuestionType, type ReplyTo, type WorkerRequest, type WorkerResponse } from './protocol';

export interface Asker {
  ask: Ask;
  /** Hands a message from the worker to the question waiting for it; false when none is. */
  receive(message: WorkerResponse): boolean;
}

/** The one place a question's body and type become a request (TypeScript cannot see the pairing through a generic spread). */
function questionOf<K extends QuestionType>(type: K, requestId: number, body: Questions[K]): Question {
  const question: QuestionOf<K> = { ...body, type, requestId };
  return question as Question;
}

function isReplyTo<K extends QuestionType>(type: K, reply: WorkerResponse | ReplyTo<K>): reply is ReplyTo<K> {
  return reply.type === 'request-failed' || reply.type === ANSWER_TYPE[type];
}

export function createAsker(send: (request: WorkerRequest) => void, firstId = 1): Asker {
  const waiting = new Map<number, (reply: WorkerResponse) => void>();
  let nextId = firstId;
  const ask: Ask = (type, body) => {
    const requestId = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(requestId, (reply) => {
        if (isReplyTo(type, reply)) resolve(reply);
        else reject(new Error(`the worker answered a '${type}' request with '${reply.type}'`));
      });
      send(questionOf(type, requestId, body));
    });
  };
  return {
    ask,
    receive(message) {
      if (!('requestId' in message)) return false;
      const resolve = waiting.get(message.requestId);
      waiting.delete(message.requestId);
      resolve?.(message);
      return resolve !== undefined;
    },
  };
}
