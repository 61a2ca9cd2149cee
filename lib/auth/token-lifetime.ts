// How long an access token lives: issue-token.ts issues it, verify-token.ts refuses a token that claims longer (and
// the authorizer, which imports only the verifier, reads it from here rather than from the issuer).
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
