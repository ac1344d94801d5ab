/**
 * Errors the API answers with. Every error body is { "Description": "..." } (spec section 8:
 * the console shows the Description).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const badRequest = (d: string) => new ApiError(400, d);
export const unauthorized = (d: string) => new ApiError(401, d);
export const forbidden = (d: string) => new ApiError(403, d);
export const notFound = (d: string) => new ApiError(404, d);
export const conflict = (d: string) => new ApiError(409, d);
