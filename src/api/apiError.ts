import { ErrorBody } from "../../contract/common";
import { formatMessage, statusMessageCode, type MessageCode } from "../../contract/messages";

/** Every failed call rejects with this: the server's error body, or a generic one for network failures. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** True when the client already showed the user what happened (418 race started): callers stay quiet. */
  readonly handled: boolean;

  constructor(body: ErrorBody, handled = false) {
    super(body.message);
    this.name = "ApiError";
    this.status = body.statusCode;
    this.body = body;
    this.handled = handled;
  }

  get code(): string {
    return this.body.code;
  }
}

export function apiErrorOf(code: MessageCode, statusCode = 0, handled = false): ApiError {
  return new ApiError({ statusCode, code, message: formatMessage(code) }, handled);
}

/**
 * The server's error body when it sent one; else (a proxy's 413 page, say) the message of the status, so
 * "too large" still reads as too large; else the spec's 'Something went wrong.'.
 */
export function errorBodyFrom(data: unknown, status: number): ErrorBody {
  const parsed = ErrorBody.safeParse(data);
  if (parsed.success) return parsed.data;
  const code = statusMessageCode[status] ?? "somethingWentWrong";
  return { statusCode: status, code, message: formatMessage(code) };
}
