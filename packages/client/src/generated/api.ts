// Written by `npm run openapi` (lib/http/write-openapi-document.ts) with openapi-typescript from the published OpenAPI
// document: do not edit; rerun it after changing an operation or a schema (npm test says when).
export interface paths {
    "/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description The own record, wallet unmasked. 401 UNAUTHORIZED also when the user no longer exists or the token predates a password change (every older token stops working then).
         */
        get: operations["getProfile"];
        put?: never;
        /**
         * Update the own profile (multipart/form-data)
         * @description Parts, all optional, at least one: `image` (a file part), `username`, `password`, `currentPassword`, `phoneNumber` (text parts). Each part at most once; any other part, a repeated part, an image sent as text or a text part sent as a file answers 400 VALIDATION_FAILED naming it. A body that is not well-formed multipart (no boundary, truncated, a header line starting with whitespace, a part without a name) answers 400 MALFORMED_MULTIPART.
         *
         *     Checks, in order: every text part (400, all at once), the image (413/415), the current password (401), the username claim (409). Nothing is written unless all pass.
         *
         *     `username`: kept as typed, and unique by what it looks like: two names that pass for each other cannot both be taken (409 USERNAME_TAKEN). Names are compared by their skeleton: lower case, without separators (`.`, `_`), with lookalike characters folded (0 as o; 1, I and l as i; 5 as s; 2 as z; 3 as e; 8 as b; 9 and q as g; v as u and w as uu; then cl, and so cI, c1 and ci, as d; rn and nn as m, every reading of a run of them alike: rnn, rm, nm, mn and nnn are one name), so with `alicekvm5` taken, `aIicekvm5`, `a1icekvm5` and `a.licekvm5` are taken too, as are `mary` and `nnary` for `rnary`, `vves` for `wes`, `dave` for `clave` and `bobe` for `bob3`. The holder may write its own name another way (same skeleton); changing to a name with another skeleton frees the old one.
         *
         *     6 is not folded as b, though it passes for one: 8 is, and folding both would make the default names `user6` and `user8` (every account starts with `user<id>`) one name. A fold refuses some honest names too (`lucia` once `luda` is taken): the price of no name passing for another.
         *
         *     Names of the form `user<digits>` are reserved for new accounts: only the account with that id may take it (or a lookalike of it). Nobody may take these names or their lookalikes: `plaques`, `plaque`, `admin`, `administrator`, `root`, `superuser`, `sysadmin`, `support`, `system`, `api`, `dashboard`, `null`, `undefined`, `nil`, `none`, `nobody`, `anonymous`, `everyone`, `help`, `helpdesk`, `security`, `staff`, `moderator`, `mod`, `owner`, `official`, `service`, `services`, `team`, `operator`, `marketplace`, `partner`, `partners`, `billing`, `payments`, `wallet`, `account`, `accounts`, `auth`, `login`, `signin`, `signup`, `verify`, `verified`, `info`, `contact`, `abuse`, `noreply`, `postmaster`, `webmaster`, `hostmaster`, `mail`, `email`, `status`, `user`, `users`, `guest`, `test`, `bot`, `www`, `legal`, `privacy`, `terms` (`plaques` is the service account's name, shown to partners as the owner of unsold plaques).
         *
         *     Names given before names were compared by skeleton, or by a narrower folding, stay as they are, even where two of them pass for each other: one of the two holds the skeleton (the one that held the claim it replaces, else the one whose name was already written as its skeleton, else the older account) and the other keeps its name, but cannot take it back, nor another spelling of it, once it changed it; should the holder change its name first, the skeleton passes to the other, so it stays taken while a name shows it.
         *
         *     `password`: 8–128 characters. When a password exists, `currentPassword` must match (401 INVALID_CREDENTIALS if it is missing or wrong). Setting or changing it logs out every older token. `currentPassword` without `password` is a 400; sent while no password exists, it is ignored.
         *
         *     `image`: PNG, JPEG, WebP or GIF recognised by content; at most 4 MiB and 4096 × 4096 pixels (read from the header), else 413 PAYLOAD_TOO_LARGE; other content is 415 UNSUPPORTED_IMAGE, whatever its declared type, and so is an image without its end marker. The image is stored up to its end marker (anything after it is dropped) and served as its detected type with `X-Content-Type-Options: nosniff` and a Content-Security-Policy that runs nothing. A new image gets a new URL; the replaced one is removed.
         *
         *     `phoneNumber`: E.164 (`+` and 8–15 digits). It is stored, never returned.
         *
         *     Two updates of one profile racing each other: the second answers 409 CONCURRENT_UPDATE when it would overwrite a password or image it did not read; read the profile and try again.
         *
         *     The response always carries a fresh token for the current token version.
         */
        post: operations["updateProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify access tokens
         * @description The current signing key and the one before the last rotation, so a rotation logs nobody out. Cacheable for 5 minutes.
         */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description For accounts that set a password (POST /auth/profile). Any wrong pair answers 401 INVALID_CREDENTIALS: wrong password, unknown address, and accounts without a password alike, after the same amount of work.
         *
         *     After 10 failures within 15 minutes (counted from the first) the address answers 429 TOO_MANY_LOGIN_ATTEMPTS, the right password included, until that window ends (Retry-After). Successful logins are not counted. The password member accepts 1–128 characters.
         *
         *     Email addresses are compared, stored and returned in lower case, surrounding spaces removed (`Ada@Example.COM` and `ada@example.com` are one account); at most 254 characters.
         *
         *     The token is a JWT (ES256, `kid` from GET /.well-known/jwks.json, `iss`, `aud`, lifetime 24 h, `sub` = the user id as a string, `tv` = the token version). Send it as `Authorization: Bearer <token>`. A token whose `iat` lies in the future (beyond 5 s of clock skew), whose `exp` is further from its `iat` than that lifetime, whose signature is not in its low-S form (s ≤ n/2; the service issues no other), or any of whose three segments is not the canonical unpadded base64url of its bytes (`=` padding, or bits set beyond the last whole byte in its last character) is refused like a forged one: a token is accepted only as issued.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email-verification-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up or sign in: mail a 6-digit code
         * @description Creates the account when the address is new (username `user<id>`, a service wallet at m/44'/60'/0'/0/<id>), and answers the same 202 for new and known addresses, after the same work: the code is stored, and the account of a new address is created and the mail sent within seconds after the answer.
         *
         *     Email addresses are compared, stored and returned in lower case, surrounding spaces removed (`Ada@Example.COM` and `ada@example.com` are one account); at most 254 characters.
         *
         *     `sentTo` masks the address (first character and domain). `resendAvailableAt` is when this client may request another code: 60 s after this one, or later when this was its 5th code for the address within an hour.
         *
         *     When both limits apply, 429 TOO_MANY_CODES wins over RESEND_TOO_SOON (its Retry-After is the longer, true wait). A refused request does not count towards either limit.
         *
         *     Codes belong to the client that requested them: its network address (API Gateway's source IP; an IPv6 address counts by its /64). A code is compared only with tries from that client, and the limits (one code a minute, 5 an hour, 5 tries a code) count per address and client, so one client can neither guess at nor lock another's code: a client that used up its tries and code requests for an address leaves every other client free to request a code and sign in. Request and enter a code from the same network; a code requested elsewhere answers CODE_MISMATCH here, so request another one.
         *
         *     The mail carries the code only (no link).
         */
        post: operations["requestEmailVerificationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/evaluate-email-verification-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Spend a code and sign in (query parameters)
         * @description A code is 6 digits, valid 15 minutes and usable once; requesting a new one replaces it (and its tries).
         *
         *     Every try counts, the right one included: the first 5 tries are compared, every later one answers 429 TOO_MANY_ATTEMPTS until a new code is requested; its Retry-After says when that is possible.
         *
         *     CODE_MISMATCH always carries `attemptsRemaining`. A try from a client with no pending code for the address (unknown address, code already spent, never requested) is answered as if one were: it counts down from 4 the same way, locks after 5 tries (429 TOO_MANY_ATTEMPTS) and expires 15 minutes after the first try (401 CODE_EXPIRED), so the answers never tell whether a code is out. Requesting a code starts afresh.
         *
         *     Codes belong to the client that requested them: its network address (API Gateway's source IP; an IPv6 address counts by its /64). A code is compared only with tries from that client, and the limits (one code a minute, 5 an hour, 5 tries a code) count per address and client, so one client can neither guess at nor lock another's code: a client that used up its tries and code requests for an address leaves every other client free to request a code and sign in. Request and enter a code from the same network; a code requested elsewhere answers CODE_MISMATCH here, so request another one.
         *
         *     Order of checks: a code tried too often answers 429 before an expired code answers CODE_EXPIRED; an expired code is not a try.
         *
         *     Prefer POST: mail scanners follow GET links, and a followed link spends the code.
         *
         *     Email addresses are compared, stored and returned in lower case, surrounding spaces removed (`Ada@Example.COM` and `ada@example.com` are one account); at most 254 characters.
         *
         *     The token is a JWT (ES256, `kid` from GET /.well-known/jwks.json, `iss`, `aud`, lifetime 24 h, `sub` = the user id as a string, `tv` = the token version). Send it as `Authorization: Bearer <token>`. A token whose `iat` lies in the future (beyond 5 s of clock skew), whose `exp` is further from its `iat` than that lifetime, whose signature is not in its low-S form (s ≤ n/2; the service issues no other), or any of whose three segments is not the canonical unpadded base64url of its bytes (`=` padding, or bits set beyond the last whole byte in its last character) is refused like a forged one: a token is accepted only as issued.
         *
         *     The user is returned with `emailVerify: true`.
         */
        get: operations["evaluateEmailVerificationCode"];
        put?: never;
        /**
         * Spend a code and sign in (JSON body)
         * @description A code is 6 digits, valid 15 minutes and usable once; requesting a new one replaces it (and its tries).
         *
         *     Every try counts, the right one included: the first 5 tries are compared, every later one answers 429 TOO_MANY_ATTEMPTS until a new code is requested; its Retry-After says when that is possible.
         *
         *     CODE_MISMATCH always carries `attemptsRemaining`. A try from a client with no pending code for the address (unknown address, code already spent, never requested) is answered as if one were: it counts down from 4 the same way, locks after 5 tries (429 TOO_MANY_ATTEMPTS) and expires 15 minutes after the first try (401 CODE_EXPIRED), so the answers never tell whether a code is out. Requesting a code starts afresh.
         *
         *     Codes belong to the client that requested them: its network address (API Gateway's source IP; an IPv6 address counts by its /64). A code is compared only with tries from that client, and the limits (one code a minute, 5 an hour, 5 tries a code) count per address and client, so one client can neither guess at nor lock another's code: a client that used up its tries and code requests for an address leaves every other client free to request a code and sign in. Request and enter a code from the same network; a code requested elsewhere answers CODE_MISMATCH here, so request another one.
         *
         *     Order of checks: a code tried too often answers 429 before an expired code answers CODE_EXPIRED; an expired code is not a try.
         *
         *     Prefer POST: mail scanners follow GET links, and a followed link spends the code.
         *
         *     Email addresses are compared, stored and returned in lower case, surrounding spaces removed (`Ada@Example.COM` and `ada@example.com` are one account); at most 254 characters.
         *
         *     The token is a JWT (ES256, `kid` from GET /.well-known/jwks.json, `iss`, `aud`, lifetime 24 h, `sub` = the user id as a string, `tv` = the token version). Send it as `Authorization: Bearer <token>`. A token whose `iat` lies in the future (beyond 5 s of clock skew), whose `exp` is further from its `iat` than that lifetime, whose signature is not in its low-S form (s ≤ n/2; the service issues no other), or any of whose three segments is not the canonical unpadded base64url of its bytes (`=` padding, or bits set beyond the last whole byte in its last character) is refused like a forged one: a token is accepted only as issued.
         */
        post: operations["evaluateEmailVerificationCodePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the partner owes the service, per currency
         * @description Called by the partner's servers with any of its API keys (`x-api-key`, scope `sell` or `read`), or by its dashboard with the signed-in user's JWT (`Authorization: Bearer`): the partner is the account the keys belong to, and sees only its own money. When both headers are sent the key decides. A missing, unknown, revoked or ended key answers 403 FORBIDDEN (and a valid one records its last use); without a key, a missing or invalid token answers 401 UNAUTHORIZED. The function checks both itself: API Gateway's usage plan does not count or throttle these reads per key (the stage's throttle still applies).
         *
         *     Amounts are integers of the currency's minor units (`1250` is 12.50 USD; the ISO 4217 exponent of `currency` says how many digits are minor: 2 for USD and EUR, 0 for JPY), never floats. A sale entry has `gross` = the order's price, `commission` = gross × the partner's commission (basis points) / 10 000 rounded half up (the one rounding of the ledger), `due` = gross − commission: what the partner owes the service. A reversal (the order cancelled by an operator) negates its sale; a payment (recorded by an operator) has `gross` = `due` = −the amount paid and `commission` 0, so every entry holds commission + due = gross.
         *
         *     The ledger is append-only: the buy's own transaction writes the sale entry, the cancellation's the reversal; entries never change. Months and times are UTC.
         *
         *     `balances`: one per currency the partner has any entry in, by code, each the sum of every entry's `due` in that currency (a negative `due` balance is money the service owes the partner, after an overpayment say). A partner without entries answers `{ "balances": [] }`.
         *
         *     Read from totals kept per month and currency as entries are written (in the same transaction as each entry), so the answer is one small read however many entries there are, and always equals the sum of the entries.
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/statements/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The partner's statement of a month, as JSON or as a CSV file
         * @description Called by the partner's servers with any of its API keys (`x-api-key`, scope `sell` or `read`), or by its dashboard with the signed-in user's JWT (`Authorization: Bearer`): the partner is the account the keys belong to, and sees only its own money. When both headers are sent the key decides. A missing, unknown, revoked or ended key answers 403 FORBIDDEN (and a valid one records its last use); without a key, a missing or invalid token answers 401 UNAUTHORIZED. The function checks both itself: API Gateway's usage plan does not count or throttle these reads per key (the stage's throttle still applies).
         *
         *     Amounts are integers of the currency's minor units (`1250` is 12.50 USD; the ISO 4217 exponent of `currency` says how many digits are minor: 2 for USD and EUR, 0 for JPY), never floats. A sale entry has `gross` = the order's price, `commission` = gross × the partner's commission (basis points) / 10 000 rounded half up (the one rounding of the ledger), `due` = gross − commission: what the partner owes the service. A reversal (the order cancelled by an operator) negates its sale; a payment (recorded by an operator) has `gross` = `due` = −the amount paid and `commission` 0, so every entry holds commission + due = gross.
         *
         *     The ledger is append-only: the buy's own transaction writes the sale entry, the cancellation's the reversal; entries never change. Months and times are UTC.
         *
         *     `month`: `YYYY-MM`, a UTC calendar month. A month that has not begun answers 404 STATEMENT_NOT_FOUND; the current month runs to now; a month before the partner's first entry answers `"currencies": []`.
         *
         *     JSON (the default): one line per currency the partner had an entry in by the month's end, by code: `opening` (the `due` balance at the month's start), the month's `sales`, `reversals` and `payments` (each `count` and the sums of `gross`, `commission` and `due`), and `closing` = opening + the three `due` sums. Read from totals kept as entries are written: a month of 100 000 sales is one small read.
         *
         *     CSV (`Accept: text/csv`): the month's entries, oldest first, one a row, as a file a spreadsheet opens as it is: RFC 4180 (comma, CRLF, quotes where needed), UTF-8 with a byte order mark, `Content-Type: text/csv; charset=utf-8; header=present` and `Content-Disposition: attachment; filename="statement-<month>.csv"`. The header row names the columns `id`, `type`, `createdAt`, `orderId`, `plaqueId`, `reference`, `currency`, `gross`, `commission`, `due`, `grossDecimal`, `commissionDecimal`, `dueDecimal`: the amounts in minor units, then as decimals by the currency's exponent (`12.50`, `-0.05`; JPY without a point); empty cells for null. The rows are read page by page from an index keyed by partner and time (never a scan). A file holds at most 10000 entries (an answer stays under Lambda's 6 MB): a month with more answers a `Link: <?cursor=…>; rel="next"` header, and the request with that `cursor` answers the next file (with its own header row), until a file comes without it. JSON answers ignore `cursor`; a cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`.
         *
         *     Any `Accept` that names `text/csv` with a quality above 0 gets the CSV; every other (none, `*\/*`, `application/json`, `text/csv;q=0`) the JSON.
         */
        get: operations["getStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The partner's ledger entries, newest first
         * @description Called by the partner's servers with any of its API keys (`x-api-key`, scope `sell` or `read`), or by its dashboard with the signed-in user's JWT (`Authorization: Bearer`): the partner is the account the keys belong to, and sees only its own money. When both headers are sent the key decides. A missing, unknown, revoked or ended key answers 403 FORBIDDEN (and a valid one records its last use); without a key, a missing or invalid token answers 401 UNAUTHORIZED. The function checks both itself: API Gateway's usage plan does not count or throttle these reads per key (the stage's throttle still applies).
         *
         *     Amounts are integers of the currency's minor units (`1250` is 12.50 USD; the ISO 4217 exponent of `currency` says how many digits are minor: 2 for USD and EUR, 0 for JPY), never floats. A sale entry has `gross` = the order's price, `commission` = gross × the partner's commission (basis points) / 10 000 rounded half up (the one rounding of the ledger), `due` = gross − commission: what the partner owes the service. A reversal (the order cancelled by an operator) negates its sale; a payment (recorded by an operator) has `gross` = `due` = −the amount paid and `commission` 0, so every entry holds commission + due = gross.
         *
         *     The ledger is append-only: the buy's own transaction writes the sale entry, the cancellation's the reversal; entries never change. Months and times are UTC.
         *
         *     Newest first, by `createdAt` then id, read page by page from an index keyed by partner and time (never a scan). A sale entry is dated as its order (`createdAt` of the order), a reversal when the order was cancelled, a payment when it was recorded. `id` is `sale_<orderId>`, `rev_<orderId>` or `pay_…`: an order has at most one of each. `orderId` and `plaqueId` are null on a payment, `reference` (the operator's reference of the payment) on the others.
         *
         *     `from` and `to`: ISO 8601 dates or date-times, both inclusive (a date alone as `from` is its midnight UTC, as `to` its whole UTC day; a time without zone is UTC; `from` after `to` answers 400 naming `from`). `type`: `sale`, `reversal` or `payment`. `limit`: 1–100 entries a page, default 20. Other query parameters are ignored.
         *
         *     `nextCursor` is null on the last page; pass it as `cursor` (with the same filters) to read the next one. A cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. With a `type` a page may hold fewer entries than `limit` while `nextCursor` is not null (a page stops after reading 1000 entries): follow the cursor until it is null.
         */
        get: operations["listLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/plaques/{id}/buy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy a held plaque (idempotent)
         * @description The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, so any of its keys sees them (keys can be rotated without losing orders).
         *
         *     A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).
         *
         *     Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).
         *
         *     Deleted plaques answer 404 PLAQUE_NOT_FOUND.
         *
         *     One transaction moves the plaque to SOLD (owner = the hold's wallet), creates the order (status SOLD, the price quoted at prepare) and stores this response for the Idempotency-Key, all or nothing: a retry after a failure at any moment finds the sale and its answer, or neither. Of any number of concurrent buys exactly one succeeds.
         *
         *     Idempotency (Stripe's model): keys are scoped per partner and kept 24 h. The same key with the same request (method, path and body; body member order and whitespace do not matter) replays the first response byte for byte, with header `Idempotent-Replayed: true`. Replayed: 201, and the definitive refusals 404 PLAQUE_NOT_FOUND, 409 RESERVATION_INVALID, 409 INVALID_STATE. Not stored (a retry with the key runs again): 400, 403, 409 CONFLICT, 503. The same key with another request → 409 IDEMPOTENCY_MISMATCH. While the key's first request is running → 409 REQUEST_IN_PROGRESS with Retry-After; a first request that died frees its key after 60 s.
         *
         *     Refusals: a plaque already SOLD or MINTED → 409 INVALID_STATE. Otherwise a reservation that is expired, unknown, another partner's, or for another wallet → 409 RESERVATION_INVALID (the hold stays as it was).
         *
         *     Transaction conflicts are retried briefly, then answer 409 CONFLICT with Retry-After; a throttled or unavailable database answers 503 SERVICE_UNAVAILABLE with Retry-After. After a timeout the outcome is looked up, so a retry with the same key always gets the one true outcome.
         *
         *     Delivery (the mint to `buyerWallet`) follows asynchronously; poll GET /partner/orders/{orderId}.
         */
        post: operations["buyPlaque"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's API keys
         * @description Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: only the caller's own items are ever listed.
         *
         *     Every key the user made, revoked ones included, newest first; never the key itself, only its `prefix`. Keys made before prefixes were recorded show `pk_` alone.
         *
         *     `lastUsedAt` is the last request that presented the key, to within 60 s (a use is recorded at most once a minute); null when never used. `revokedAt` is null while the key is active.
         *
         *     `version` is the API version the key's requests are answered in when they send no `Plaque-Version` header: the newest when the key was made (keys made before versions: 2026-11-23); POST /partner/api-keys/{id}/version moves it.
         *
         *     `scope` is what the key may do (keys made before scopes existed are `sell`). `expiresAt` is set on a rolled key: the key works until then and answers 403 FORBIDDEN from then on; null for a key that was not rolled.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create a partner API key (shown once)
         * @description Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: only the caller's own items are ever listed.
         *
         *     The key (`pk_` and 43 base64url characters) is in this response only; only its SHA-256 is stored. In AWS it is an API Gateway key attached to the stage's usage plan, and `id` is its API Gateway id.
         *
         *     `prefix` is the key's first 10 characters, kept in the clear so the owner can tell keys apart later (GET /partner/api-keys); `createdAt` is when it was made.
         *
         *     The body is optional; `name` (1–64 characters) labels the key for its owner and operators; without it `name` is null. It may hold no control character, no bidirectional control such as U+202E, no character that shows as nothing (the default-ignorable code points of the Basic Multilingual Plane, such as U+200B, U+00AD, U+FEFF, U+3164, the zero-width joiner and variation selectors, and U+2028, U+2029, U+2800, U+FFF9–U+FFFB) and no unpaired surrogate: 400 VALIDATION_FAILED naming `name`. Characters beyond U+FFFF are not judged (the pattern reads alike with and without a validator's `u` flag).
         *
         *     `scope`: `sell` (default) may call every partner operation; `read` may call only those that change nothing (lookup, owner, GET /partner/orders/{orderId} and the events): prepare, buy and releasing a hold answer it 403 KEY_SCOPE_INSUFFICIENT. A key's scope never changes (roll it to replace it).
         *
         *     A user may hold at most 20 active keys, rolled keys whose window has not ended included (POST /partner/api-keys/{id}/roll); another one answers 409 KEY_LIMIT_REACHED until one is revoked or a window ends. The limit holds under concurrent requests: the key is stored in one transaction with the count of active keys.
         *
         *     Idempotency-Key (optional): keys belong to the account (the partner, whether it calls with an API key or signed in) and are kept 24 h. The same key with the same request (method, route, path parameters and body; body member order and whitespace do not matter) replays the first success byte for byte, with header `Idempotent-Replayed: true`; only a success is kept: a refusal frees the key, so a retry with it runs again. The same key with another request → 409 IDEMPOTENCY_MISMATCH; while its first request runs → 409 REQUEST_IN_PROGRESS with Retry-After (a first request that died frees its key after 60 s). A malformed key → 400 VALIDATION_FAILED naming `Idempotency-Key`. The effect and its kept answer are written in one transaction, so a retry after a crash at any moment finds both (replayed) or neither (run again). The kept answer is sealed with a key derived from the Idempotency-Key, so what it shows once (a new API key, a webhook secret) is never readable from storage; replayed after the key is revoked or ended, or the webhook deleted, the answer comes without it.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order and its delivery status
         * @description The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, so any of its keys sees them (keys can be rotated without losing orders).
         *
         *     A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).
         *
         *     Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).
         *
         *     Deleted plaques answer 404 PLAQUE_NOT_FOUND.
         *
         *     Status SOLD (paid, not minted yet) → MINTING (mint sent) → DELIVERED (token in the buyer's wallet; `txHash` set) or FAILED.
         *
         *     Delivery runs asynchronously after the buy, usually within seconds; poll this order until DELIVERED or FAILED. On DELIVERED the plaque is MINTED with `tokenId`, `token_id`, `minted: true` and `mintedAt`.
         *
         *     Orders are minted in batches: one transaction mints the tokens of up to 50 orders, each an ordinary ERC-1155 `TransferSingle` to its buyer, so several orders may share a `txHash`. A sold order waits for company at most a fraction of a block before its batch is sent, and batches are sent without waiting for the ones before them to be mined.
         *
         *     `txHash` is null while SOLD. While MINTING it is the transaction of the order's batch, being sent or still pending; should it stay priced below the market for a few blocks it is replaced by one offering a higher fee (the order then names the new one), and should another transaction take its nonce before it is mined, the order goes back to SOLD and into a new batch. On DELIVERED it is the transaction that minted the token (null only when the token reached the wallet outside the service and its transaction could not be found); on FAILED, the transaction that refused its token or reverted, or null when nothing was sent.
         *
         *     FAILED means the token could not be minted to the wallet (for example, the token id was minted elsewhere first, or the wallet is a contract that refuses ERC-1155 tokens); `failureReason` says why, in the operators' words. One order's failure never holds up the others of its batch: they are minted all the same. The plaque stays SOLD and the order is on the operators' list of undelivered orders. An operator may re-queue the delivery, after which the order reads SOLD again (`failureReason` and `txHash` null) and continues as above, or cancel the order: it reads CANCELLED for good (`failureReason` kept, `cancelReason` set) and the plaque is AVAILABLE again, unless its token already exists on chain (minted elsewhere first): that plaque can never be sold and minted again, so it stays off sale, LOCKED without expiry, in the listing as in prepare (409 NOT_AVAILABLE).
         *
         *     `plaqueName`, `price` and `currency` are those of the sale (the price quoted at prepare). `buyerWallet` is the checksummed wallet the token is minted to. `explorerUrl` is `txHash`'s page on the stage's block explorer (`<explorer>/tx/<txHash>`), null while there is no transaction or when the stage names no explorer (locally, unless CHAIN_EXPLORER_URL is set). `tokenUrl` is the minted token's page on the same explorer (`<explorer>/token/<contract>?a=<token id>`, the token id in decimal), null until the order is DELIVERED or when the stage names no explorer. `createdAt` is the sale, `updatedAt` the last change of status or transaction, `deliveredAt` the delivery (null until DELIVERED). `cancelReason` is the operator's reason for a CANCELLED order, null otherwise. `mintCost` is what the order's mint cost the service, once DELIVERED: its share of the transaction that minted it (orders are minted up to 50 to a transaction, which split its gas evenly: `gas`, with `tokensInTransaction` the tokens it minted) at the price that transaction paid per gas (`gasPriceWei`), and their product (`feeWei`); wei amounts are decimal strings, beyond a JSON number's exact range. Null until DELIVERED, and for a token that reached the buyer's wallet outside the service.
         *
         *     Order ids are opaque: another partner's order, an unknown id and an id that could never have been issued all answer 404 ORDER_NOT_FOUND.
         *
         *     This operation takes the API key only, like the rest of the selling workflow; the dashboard (a signed-in user's JWT) reads the same records through GET /partner/orders.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/plaques/{id}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who owns the plaque
         * @description The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, so any of its keys sees them (keys can be rotated without losing orders).
         *
         *     A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).
         *
         *     Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).
         *
         *     Deleted plaques answer 404 PLAQUE_NOT_FOUND.
         *
         *     Until the plaque is SOLD the owner is the service's own account: username `plaques`, wallet = the service's wallet: the account holding the PlaqueToken contract's MINTER_ROLE (the signer that mints; the contract's admin only grants and revokes that role). It is recorded by the local runtime at start and by a stage's first prepare (again after a signer rotation). `walletAddress` is null until then.
         *
         *     Once SOLD or MINTED the owner is the user whose `walletAddress` is the buyer wallet; `username` null and `validUsername` false when no user holds it.
         *
         *     `validUsername` tells whether the username satisfies the username rules (3–30 of A–Z, a–z, 0–9, `_`, `.`). `walletAddress` is masked `0x1234…abcd` (first 6, U+2026, last 4).
         */
        get: operations["getPlaqueOwner"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Requests per day of the signed-in partner's API keys
         * @description Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: only the caller's own items are ever listed.
         *
         *     `days`: 1–90, default 30. The window is the `days` UTC days ending today: `from` is its first day, `to` today (`YYYY-MM-DD`). Other query parameters are ignored.
         *
         *     `keys` holds every key of the caller that was active on some day of the window (made by its end, not revoked before its start), newest first, each with every day of the window, oldest first, and the requests that presented the key on that day (0 when none).
         *
         *     In AWS the counts are the stage's usage plan's (API Gateway's GetUsage; API Gateway reports them with a delay and no longer reports a revoked key, nor a rolled key whose window ended: both are deleted there); locally the count each request adds to its key's daily quota (the same count the RateLimit headers tell). Both count every request that presented the active key, whatever the operation answered, up to the quota. When API Gateway cannot answer (throttled or failing): 503 USAGE_UNAVAILABLE with Retry-After.
         *
         *     Header `RateLimit-Policy` names the quota of every key (`"daily";q=<requests per UTC day>;w=86400`, as the key's own answers do; this answer is not counted against it): with today's count in `keys`, a key's current window is its quota less that count, until 00:00 UTC. The body keeps the shape the contract gives it; the dashboard reads the window so.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in partner's audit log: sign-ins and key and webhook changes, newest first
         * @description Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: only the caller's own items are ever listed.
         *
         *     One entry per sign-in and per change of the partner's API keys and webhook endpoints, each written in the same transaction as the change it records: a change is never without its entry, nor an entry without its change. A request refused, or replayed from its Idempotency-Key, changes nothing and writes no entry; revoking a key that is revoked already writes none either.
         *
         *     `action`: `user.signed_in` (target the user; `detail` `password` for POST /auth/login, `email_code` for a code spent at /auth/evaluate-email-verification-code: the two ways a token is issued to someone who shows a credential; the fresh token that a password change in POST /auth/profile answers is no sign-in, the caller already holds one, and there is no refresh), `api_key.created`, `api_key.rolled` (`detail`: the new key's id), `api_key.revoked`, `api_key.version_moved` (`detail`: the version), `webhook.created`, `webhook.deleted`, `webhook.secret_rotated`, `webhook.resent` (`detail`: the event id). `target.id` is the user id, the key id or the endpoint id. Failed sign-ins are not entries (they are counted for the sign-in limits).
         *
         *     `actor` is the signed-in user who made the change (a partner is one user: its own id and email); `ip` the address the request came from, as API Gateway saw it (`requestContext.identity.sourceIp`), null when unknown; `at` when it was made.
         *
         *     Newest first (by `at`, then id), read page by page from the partner's own partition (never a scan). Entries are kept one year: older ones are never answered, and the table's TTL deletes them. `limit`: 1–100 entries a page, default 20. Other query parameters are ignored.
         *
         *     `nextCursor` is null on the last page; pass it as `cursor` to read the next one. A cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. Entries written after the first page was read appear on a new first page, not on later ones.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in partner's orders, newest first
         * @description Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: only the caller's own items are ever listed.
         *
         *     The orders placed with any of the caller's API keys, newest first (by `createdAt`, then id), read page by page from an index keyed by partner and time (never a scan).
         *
         *     `limit`: 1–100 orders per page, default 20. `status`: only orders of that status. Other query parameters are ignored.
         *
         *     `nextCursor` is null on the last page; pass it as `cursor` to read the next one (with the same `status`). A cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. Orders placed after the first page was read appear on a new first page, not on later ones. With a status filter a page may hold fewer orders than `limit` while `nextCursor` is not null (a page stops after reading 1000 orders), so follow the cursor until it is null.
         *
         *     `plaqueName`, `price` and `currency` are those of the sale (the price quoted at prepare). `buyerWallet` is the checksummed wallet the token is minted to. `explorerUrl` is `txHash`'s page on the stage's block explorer (`<explorer>/tx/<txHash>`), null while there is no transaction or when the stage names no explorer (locally, unless CHAIN_EXPLORER_URL is set). `tokenUrl` is the minted token's page on the same explorer (`<explorer>/token/<contract>?a=<token id>`, the token id in decimal), null until the order is DELIVERED or when the stage names no explorer. `createdAt` is the sale, `updatedAt` the last change of status or transaction, `deliveredAt` the delivery (null until DELIVERED). `cancelReason` is the operator's reason for a CANCELLED order, null otherwise. `mintCost` is what the order's mint cost the service, once DELIVERED: its share of the transaction that minted it (orders are minted up to 50 to a transaction, which split its gas evenly: `gas`, with `tokensInTransaction` the tokens it minted) at the price that transaction paid per gas (`gasPriceWei`), and their product (`feeWei`); wei amounts are decimal strings, beyond a JSON number's exact range. Null until DELIVERED, and for a token that reached the buyer's wallet outside the service.
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/plaques/{id}/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Can this plaque be bought and minted now?
         * @description The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, so any of its keys sees them (keys can be rotated without losing orders).
         *
         *     A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).
         *
         *     Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).
         *
         *     Deleted plaques answer 404 PLAQUE_NOT_FOUND.
         *
         *     `available`: the plaque is AVAILABLE (an expired hold counts as AVAILABLE). `status` is that effective status.
         *
         *     `mintable` comes from simulating the mint of the plaque's token on the chain (`eth_call` from the service's wallet, the contract's minter), not from a stored flag. A MINTED plaque is not simulated: it is not mintable, reason ALREADY_MINTED.
         *
         *     Reasons: LOCKED (held or operator-locked), SOLD, ALREADY_MINTED (the plaque is MINTED, or its token already exists on chain), NOT_MINTABLE (the mint would revert for another reason, the plaque belongs to another contract, or its token id is not a uint256). Empty when available and mintable.
         *
         *     `uniqueId` is `<contract>:<tokenId>`. The token id is the plaque's recorded `tokenId`, or its plaque id while it has none (ids are unique, so token ids are too); the contract is the plaque's recorded `contractAddress`, or the service's PlaqueToken contract. Since the token id is always known, the name is never used in it.
         *
         *     When the chain node does not answer: 503 CHAIN_UNAVAILABLE with Retry-After.
         */
        get: operations["lookupPlaque"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/plaques/{id}/prepare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hold a plaque for a buyer for 10 minutes
         * @description The partner is the account that created the API key: holds, orders and Idempotency-Keys belong to the account, so any of its keys sees them (keys can be rotated without losing orders).
         *
         *     A missing, unknown or revoked key answers 403 FORBIDDEN; revocation takes effect from the next request, and so does the end of a rolled key's window (`expiresAt`).
         *
         *     Every call records the key's last use (GET /partner/api-keys' `lastUsedAt`, to within a minute).
         *
         *     Deleted plaques answer 404 PLAQUE_NOT_FOUND.
         *
         *     `buyerWallet`: an EIP-55 checksummed or all lower-case 0x address; a mixed-case address with a wrong checksum is refused (400). The hold keeps it checksummed; the buy must name the same wallet (any casing).
         *
         *     One conditional write places the hold: of any number of concurrent prepares exactly one wins; the others answer 409 NOT_AVAILABLE. A plaque held by any reservation, including an earlier one of the same partner, is NOT_AVAILABLE until that hold expires.
         *
         *     Before holding, the mint is simulated: a plaque whose token already exists on chain (or cannot be minted) answers 409 NOT_AVAILABLE with a `reason` member (ALREADY_MINTED or NOT_MINTABLE), since its sale could never be delivered.
         *
         *     A wallet the mint would refuse answers 400 WALLET_CANNOT_RECEIVE naming `buyerWallet`, and nothing is held: the zero address, the token contract itself, and a contract that does not accept ERC-1155 tokens (ERC-1155's receiver check: a contract must answer `onERC1155Received`). The mint is simulated to the wallet itself for that, so a contract wallet that accepts the token is a wallet like any other. The check is made here, not at the buy: a sale to such a wallet could never be delivered.
         *
         *     `price` and `currency` are quoted at this moment and are what the buy charges, even if the plaque's price changes during the hold.
         *
         *     The metadata is EIP-1155 metadata JSON: name, description (`Plaque <name>` when the plaque has none), image (left out when the plaque has none), decimals 0, marketplace-style `attributes` (Condition, Marketplace, Alphabet part, Number part) and the same as `properties`. The token id is the plaque's recorded `tokenId`, or its plaque id while it has none (ids are unique, so token ids are too); the contract is the plaque's recorded `contractAddress`, or the service's PlaqueToken contract.
         *
         *     Idempotency-Key (optional): keys belong to the account (the partner, whether it calls with an API key or signed in) and are kept 24 h. The same key with the same request (method, route, path parameters and body; body member order and whitespace do not matter) replays the first success byte for byte, with header `Idempotent-Replayed: true`; only a success is kept: a refusal frees the key, so a retry with it runs again. The same key with another request → 409 IDEMPOTENCY_MISMATCH; while its first request runs → 409 REQUEST_IN_PROGRESS with Retry-After (a first request that died frees its key after 60 s). A malformed key → 400 VALIDATION_FAILED naming `Idempotency-Key`. The effect and its kept answer are written in one transaction, so a retry after a crash at any moment finds both (replayed) or neither (run again). The kept answer is sealed with a key derived from the Idempotency-Key, so what it shows once (a new API key, a webhook secret) is never readable from storage; replayed after the key is revoked or ended, or the webhook deleted, the answer comes without it.
         */
        post: operations["preparePlaque"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/reservations/{reservationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Release a hold now (the plaque is AVAILABLE again)
         * @description Ends the reservation a prepare answered, before its 10 minutes are up: one conditional write puts the plaque back to AVAILABLE, so the next prepare of any partner may hold it, and GET /partner/plaques/{id}/lookup and GET /plaques/featured show it AVAILABLE (the listing within its second of freshness). Answers 204 with no body. Needs a key of scope `sell` (a `read` key → 403 KEY_SCOPE_INSUFFICIENT).
         *
         *     Holds belong to the partner (the account), so any of its keys may release a hold another of its keys placed. Another partner's reservation, an unknown one, one released already, and one whose plaque a later prepare holds (after it lapsed) all answer 404 RESERVATION_NOT_FOUND: releasing twice answers 404 the second time. A lapsed hold that is still the plaque's last is released (204).
         *
         *     A reservation that was bought → 409 RESERVATION_INVALID: a sale is not undone. Reservation ids issued before releasing existed answer 404 (they lapse within 10 minutes anyway).
         *
         *     When the plaque keeps changing under the release, it answers 409 CONFLICT with Retry-After.
         */
        delete: operations["releaseHold"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a partner API key
         * @description Answers 204 with no body. The key is refused (403 FORBIDDEN) from the next request on.
         *
         *     Only the key's owner may revoke it: another user's key and unknown ids both answer 404 API_KEY_NOT_FOUND. Revoking one's own already revoked key answers 204 again (DELETE is idempotent).
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/api-keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an API key without an outage
         * @description Called by the dashboard with the signed-in user's JWT. Makes a new key with the same `name` and `scope`, answered as a created key (the key itself in this answer only), while the old key keeps working for `expiresInHours`: time to deploy the new key everywhere.
         *
         *     `expiresInHours`: 0–168 (whole hours), default 24; 0 ends the old key now. The old key's `expiresAt` (GET /partner/api-keys) is the new key's `createdAt` plus that; from then on it answers 403 FORBIDDEN. In AWS its API Gateway key is deleted within 5 minutes of that time (the functions refuse it from `expiresAt` on either way).
         *
         *     Until its window ends the old key works, so it counts among the 20 active keys a user may hold, beside the new one: a roll with a window when 20 keys are active answers 409 KEY_LIMIT_REACHED and changes nothing (revoke a key first). With `expiresInHours` 0 the new key takes the old one's place at once, so that roll is never refused for the limit. Revoking the old key during its window stops it at once and frees its place; so does the end of its window.
         *
         *     Only the key's owner may roll it: another user's key and unknown ids answer 404 API_KEY_NOT_FOUND. A revoked key, or one rolled already (roll its successor instead), answers 409 KEY_NOT_ROLLABLE.
         *
         *     Idempotency-Key (optional): keys belong to the account (the partner, whether it calls with an API key or signed in) and are kept 24 h. The same key with the same request (method, route, path parameters and body; body member order and whitespace do not matter) replays the first success byte for byte, with header `Idempotent-Replayed: true`; only a success is kept: a refusal frees the key, so a retry with it runs again. The same key with another request → 409 IDEMPOTENCY_MISMATCH; while its first request runs → 409 REQUEST_IN_PROGRESS with Retry-After (a first request that died frees its key after 60 s). A malformed key → 400 VALIDATION_FAILED naming `Idempotency-Key`. The effect and its kept answer are written in one transaction, so a retry after a crash at any moment finds both (replayed) or neither (run again). The kept answer is sealed with a key derived from the Idempotency-Key, so what it shows once (a new API key, a webhook secret) is never readable from storage; replayed after the key is revoked or ended, or the webhook deleted, the answer comes without it.
         */
        post: operations["rollApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/api-keys/{id}/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move an API key to another API version
         * @description Called by the dashboard with the signed-in user's JWT (not an API key). A partner is the user who owns the keys: only the caller's own items are ever listed.
         *
         *     Pins the key to `version` (one of 2026-11-23, 2026-11-28: the document's `info.x-api-versions` lists what each changed): from the next request on, the key's requests that send no `Plaque-Version` header are answered in it. A new key is pinned to the newest version (2026-11-28); a rolled key's successor keeps its pin. Moving it back is allowed.
         *
         *     Answers the key as GET /partner/api-keys lists it. A well-formed date that is no version answers 400 UNKNOWN_VERSION; another user's key and unknown ids answer 404 API_KEY_NOT_FOUND. A revoked or ended key may be moved too (it is refused all the same).
         */
        post: operations["setApiKeyVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plaques/by-name/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One plaque by name
         * @description The plaque is the record GET /plaques/featured lists, converted the same way (an expired hold shows AVAILABLE), whatever its status and whether featured.
         *
         *     The name is compared case-insensitively (`abc-0042` finds `ABC-0042`): it is read as upper case through the claim each name has (the one that keeps names unique), then the plaque: two GetItems.
         *
         *     A name no plaque holds, and a deleted plaque, answer 404 PLAQUE_NOT_FOUND.
         *
         *     Answers carry `Cache-Control: public, max-age=10`: any cache may keep them that long, so a hold, sale or mint shows within about 10 s. Problem answers (404, 400) carry no Cache-Control.
         */
        get: operations["getPlaqueByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plaques/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The catalogue's statistics: plaques per status, floor and volume per currency
         * @description Answered from the featured listing's in-memory catalogue (never a scan), as fresh as its pages: within the listing's staleness bound (1 s by default) of the last write. An answer computed from a catalogue synced less than that bound ago is given again to the requests that follow; past it the catalogue is brought up to date and the figures computed again.
         *
         *     `count`: the plaques of each status (AVAILABLE, LOCKED, SOLD, MINTED, every one named, 0 when none), featured or not; a plaque whose hold has expired counts as AVAILABLE; deleted plaques count nowhere.
         *
         *     `floor`: per currency, the lowest price of an AVAILABLE featured plaque (an expired hold counts as AVAILABLE) and that plaque's id (the lower id of two at the same price); a currency without such a plaque is not listed.
         *
         *     `volume`: per currency, the sum of the prices of the plaques sold whose `saleAt` is within the last 24 hours (`h24`), 7 days (`d7`) and 30 days (`d30`), each window ending now and including its end, and how many were sold in the last 24 hours (`sales24h`). A sale counts while its plaque is SOLD or MINTED, at the plaque's price (an operator may change a price only before the sale, so it is the sale's); an order an operator cancelled counts no more. A currency without a sale in 30 days is not listed. Sums are rounded to 8 decimals.
         *
         *     `floor` and `volume` are ordered by currency code. The path sits beside GET /plaques/{id}: `stats` is not a plaque id, and this fixed path is chosen over it, as `featured` is.
         */
        get: operations["getPlaqueStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plaques/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One plaque by id
         * @description The plaque is the record GET /plaques/featured lists, converted the same way (an expired hold shows AVAILABLE), whatever its status and whether featured.
         *
         *     Unknown and deleted plaques (deletedAt set) answer 404 PLAQUE_NOT_FOUND. One GetItem.
         *
         *     Answers carry `Cache-Control: public, max-age=10`: any cache may keep them that long, so a hold, sale or mint shows within about 10 s. Problem answers (404, 400) carry no Cache-Control.
         */
        get: operations["getPlaque"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The catalogue's activity of one type, newest first
         * @description Activity entries record what happened to a plaque, each written in the same DynamoDB transaction as the change itself, so no change is without its entry and no entry without its change: `sale` (a partner bought it: the price and currency of the order), `mint` (its token was delivered to the buyer: `txHash` of the mint, price and currency null), `cancel` (an operator cancelled its failed order: the price and currency of the sale taken back), `price_change` (an operator set its price or currency: the new ones) and `listing` (an operator featured it while AVAILABLE, putting it on sale: its price and currency). `txHash` is null on every other type. `at` is the time of the change (the `updatedAt` it stamped on the plaque), newest first.
         *
         *     `limit`: 1–100 entries a page, default 20. `nextCursor` is null on the last page; pass it as `cursor` to read the next one; a cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. Entries written after the first page was read appear on a new first page, not on later ones. Other query parameters are ignored.
         *
         *     `type` is required (one of the five types): each type is kept in an index partition of its own, sorted by time, so a page is one Query of it, never a scan; without `type`, or with another value, the answer is 400 VALIDATION_FAILED naming `type`. Entries of one time are ordered by the higher plaque id first. Each entry names its plaque (`plaqueId`, and `plaqueName` as it was at the change). The index is eventually consistent: an entry is listed within about a second of its change. A cursor is bound to its type: one issued for another type answers 400 VALIDATION_FAILED naming `cursor`.
         */
        get: operations["listActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plaques/featured": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List featured plaques (query parameters)
         * @description Conditions: VIRGIN, USED, DAMAGED. Statuses: AVAILABLE, LOCKED, SOLD, MINTED.
         *
         *     Marketplaces: filters.marketplace takes SERVICE, OPENSEA; a plaque's marketplace member is the lower-case name (service, opensea).
         *
         *     Any other value of filters.condition, filters.marketplace or filters.status (values of earlier versions such as GOOD, WORN, PRIMARY or SECONDARY included) answers 400 VALIDATION_FAILED naming the member and listing the allowed values.
         *
         *     Every plaque has standard ERC-1155, an image URL (the stage's placeholder image when it has none of its own), a description ("" when empty) and the stage's contractAddress, also before minting; tokenId and token_id stay null until minted.
         *
         *     A plaque whose hold has expired is listed, filtered and ordered as AVAILABLE.
         *
         *     Deleted plaques (deletedAt set) are never listed.
         *
         *     When both cursor and skip are given, cursor wins and skip is ignored.
         *
         *     A cursor is bound to its query: reusing it with other filters, filterBy, search, orderBy or sort answers 400 VALIDATION_FAILED on `cursor`.
         *
         *     filters.priceMin greater than filters.priceMax answers 400, like from after to; prices are never negative.
         *
         *     from/to accept an ISO 8601 date (midnight UTC) or date-time; a plaque whose filterBy field is null does not match a date range.
         *
         *     search matches a case-insensitive substring of the name (at most 64 characters).
         *
         *     A repeated scalar parameter (limit=1&limit=2) answers 400 naming it.
         *
         *     Listings reflect writes within about one second.
         *
         *     POST without a body lists with every default.
         *
         *     Typed clients: in this query `filters` is one member of JSON text, so a client generated from this document types it as text: send `JSON.stringify(filters)` of a FeaturedFilters object. (OpenAPI has no query style for an object that holds arrays: deepObject leaves nested arrays undefined.) To pass the filters as a typed object, use POST /plaques/featured, which takes the same members as its JSON body and answers the same pages.
         */
        get: operations["listFeaturedPlaques"];
        put?: never;
        /**
         * List featured plaques (JSON body)
         * @description Conditions: VIRGIN, USED, DAMAGED. Statuses: AVAILABLE, LOCKED, SOLD, MINTED.
         *
         *     Marketplaces: filters.marketplace takes SERVICE, OPENSEA; a plaque's marketplace member is the lower-case name (service, opensea).
         *
         *     Any other value of filters.condition, filters.marketplace or filters.status (values of earlier versions such as GOOD, WORN, PRIMARY or SECONDARY included) answers 400 VALIDATION_FAILED naming the member and listing the allowed values.
         *
         *     Every plaque has standard ERC-1155, an image URL (the stage's placeholder image when it has none of its own), a description ("" when empty) and the stage's contractAddress, also before minting; tokenId and token_id stay null until minted.
         *
         *     A plaque whose hold has expired is listed, filtered and ordered as AVAILABLE.
         *
         *     Deleted plaques (deletedAt set) are never listed.
         *
         *     When both cursor and skip are given, cursor wins and skip is ignored.
         *
         *     A cursor is bound to its query: reusing it with other filters, filterBy, search, orderBy or sort answers 400 VALIDATION_FAILED on `cursor`.
         *
         *     filters.priceMin greater than filters.priceMax answers 400, like from after to; prices are never negative.
         *
         *     from/to accept an ISO 8601 date (midnight UTC) or date-time; a plaque whose filterBy field is null does not match a date range.
         *
         *     search matches a case-insensitive substring of the name (at most 64 characters).
         *
         *     A repeated scalar parameter (limit=1&limit=2) answers 400 naming it.
         *
         *     Listings reflect writes within about one second.
         *
         *     POST without a body lists with every default.
         */
        post: operations["searchFeaturedPlaques"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/plaques": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's minted plaques, newest mint first
         * @description The same as GET /wallets/{address}/plaques for the signed-in user's `walletAddress` (GET /auth/profile); a cursor of another wallet answers 400 naming `cursor`.
         *
         *     The plaques minted to the wallet (status MINTED, `wallet_address` the wallet in any casing), newest mint first (by `mintedAt`, then the higher id), read page by page from an index keyed by the lower-case wallet and sorted by mint time (one Query a page, never a scan). A plaque is listed from the delivery's write that makes it MINTED (the same transaction), within about a second (the index is eventually consistent); deleted plaques are never listed.
         *
         *     `limit`: 1–100 plaques per page, default 20. Other query parameters are ignored.
         *
         *     `count` is the number of plaques minted to the wallet across all pages, counted on every page with a Select COUNT over the wallet's index partition: always exact, with no counter for any write path to keep right, but it reads each of the wallet's entries (about 0.11 read capacity unit a plaque: 2.5 for a wallet of 21 plaques, 110 for one of 1000, besides 2.5 for the page).
         *
         *     `nextCursor` is null on the last page; pass it as `cursor` to read the next one. A cursor is bound to its wallet: one this service could not have issued, or issued for another wallet, answers 400 VALIDATION_FAILED naming `cursor`. Plaques minted after the first page was read appear on a new first page, not on later ones.
         *
         *     Answers carry `Cache-Control: private, no-store`: they belong to one bearer token.
         */
        get: operations["listOwnPlaques"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plaques/{id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A plaque's activity, newest first
         * @description Activity entries record what happened to a plaque, each written in the same DynamoDB transaction as the change itself, so no change is without its entry and no entry without its change: `sale` (a partner bought it: the price and currency of the order), `mint` (its token was delivered to the buyer: `txHash` of the mint, price and currency null), `cancel` (an operator cancelled its failed order: the price and currency of the sale taken back), `price_change` (an operator set its price or currency: the new ones) and `listing` (an operator featured it while AVAILABLE, putting it on sale: its price and currency). `txHash` is null on every other type. `at` is the time of the change (the `updatedAt` it stamped on the plaque), newest first.
         *
         *     `limit`: 1–100 entries a page, default 20. `nextCursor` is null on the last page; pass it as `cursor` to read the next one; a cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. Entries written after the first page was read appear on a new first page, not on later ones. Other query parameters are ignored.
         *
         *     Read page by page from the plaque's own activity partition (one Query a page, strongly consistent, never a scan), beside one GetItem of the plaque: an unknown or deleted plaque answers 404 PLAQUE_NOT_FOUND, as GET /plaques/{id} does, and a plaque nothing happened to yet answers an empty list. A cursor is bound to its plaque: one issued for another plaque answers 400 VALIDATION_FAILED naming `cursor`.
         */
        get: operations["listPlaqueActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{address}/plaques": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A wallet's minted plaques, newest mint first
         * @description The plaques minted to the wallet (status MINTED, `wallet_address` the wallet in any casing), newest mint first (by `mintedAt`, then the higher id), read page by page from an index keyed by the lower-case wallet and sorted by mint time (one Query a page, never a scan). A plaque is listed from the delivery's write that makes it MINTED (the same transaction), within about a second (the index is eventually consistent); deleted plaques are never listed.
         *
         *     `limit`: 1–100 plaques per page, default 20. Other query parameters are ignored.
         *
         *     `count` is the number of plaques minted to the wallet across all pages, counted on every page with a Select COUNT over the wallet's index partition: always exact, with no counter for any write path to keep right, but it reads each of the wallet's entries (about 0.11 read capacity unit a plaque: 2.5 for a wallet of 21 plaques, 110 for one of 1000, besides 2.5 for the page).
         *
         *     `nextCursor` is null on the last page; pass it as `cursor` to read the next one. A cursor is bound to its wallet: one this service could not have issued, or issued for another wallet, answers 400 VALIDATION_FAILED naming `cursor`. Plaques minted after the first page was read appear on a new first page, not on later ones.
         *
         *     Answers carry `Cache-Control: public, max-age=10`: any cache may keep them that long, so a hold, sale or mint shows within about 10 s. Problem answers (404, 400) carry no Cache-Control.
         */
        get: operations["listWalletPlaques"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description Generated from the route table and the zod schemas that validate requests, so it states every input rule the service enforces. Where the contract is silent, the decision taken is written in the operation it concerns.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contract.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The collection's metadata (the contract's contractURI)
         * @description The contract's `contractURI()` (ERC-7572) is `<stage public base>/contract.json`.
         *
         *     `name` and `description` are the stage's collection; `image` is the stage's placeholder image; `external_link` is the stage's frontend, or the stage's own public address when it names none.
         *
         *     Cacheable for 5 minutes (`Cache-Control: public, max-age=300`).
         *
         *     Readable from any web page: every answer, refusals included, carries `Access-Control-Allow-Origin: *` (no credential is involved), HEAD answers the same headers without the body, and a CORS preflight from any origin is allowed.
         */
        get: operations["getContractMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{id}.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A minted token's metadata (the contract's uri)
         * @description The contract's `uri(id)` is `<stage public base>/tokens/{id}.json`, and clients substitute `{id}` with the token id as 64 lower-case hex digits (EIP-1155). Upper-case hex digits and the decimal token id (1–63 digits, so never taken for hex) answer the same. The document writes the path as clients call it; API Gateway routes whole path segments, so its resource is `/tokens/{id}` and a last segment without `.json` answers 400 VALIDATION_FAILED naming `id`.
         *
         *     EIP-1155 metadata JSON with OpenSea's metadata standards: `name` (the plaque's), `description` (the plaque's, "Plaque <name>" when empty), `image` (the plaque's image URL, else the stage's placeholder image, both served by the service), `external_url` (the plaque's page `<frontend>/plaques/<plaqueId>` when the stage names a frontend, else absent), `decimals` 0, `attributes` (Condition, Marketplace, Alphabet part, Number part, as `{ trait_type, value }`) and `properties` (plaqueId, condition, marketplace, alphabetPart, numberPart). It is built by the same function as the prepare answer's `token.metadata`, from the plaque as it is now.
         *
         *     Only minted tokens have metadata: a token id that no MINTED plaque holds answers 404 TOKEN_NOT_FOUND (a plaque sold but not delivered yet, too). A minted token's id is its plaque's id, so the plaque is read by key; a deleted plaque whose token was minted still answers (the token is still in its wallet).
         *
         *     Cacheable for 5 minutes (`Cache-Control: public, max-age=300`).
         *
         *     Readable from any web page: every answer, refusals included, carries `Access-Control-Allow-Origin: *` (no credential is involved), HEAD answers the same headers without the body, and a CORS preflight from any origin is allowed.
         */
        get: operations["getTokenMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The partner's webhook endpoints
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     Newest first; secrets are never shown again. `version` is the API version every delivery to the endpoint is shaped for (its body's `apiVersion`): the newest when it was registered; 2026-11-23 for one registered before versions.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint for order and catalogue events (secret shown once)
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     Events: `order.sold`, `order.minting`, `order.delivered`, `order.failed`, `order.cancelled`, `plaque.listed`, `plaque.price_changed`, `plaque.status_changed`, `plaque.metadata_updated`, `catalogue.imported`; at least one, a name given twice counts once, any other name answers 400 VALIDATION_FAILED naming `events`.
         *
         *     `url` is written `https://`, a host, an optional port, path and query (the schema's pattern states the form: no user name or password, no fragment, nothing the URL parser would repair such as a leading space or `https:host`), and must parse as a URL as browsers parse it (WHATWG URL Standard); otherwise 400 VALIDATION_FAILED or INVALID_WEBHOOK_URL naming `url`.
         *
         *     `url` must use https and its host must resolve only to public addresses: loopback, private, link-local (the cloud metadata address included), carrier-grade NAT, multicast and reserved addresses, and their IPv6 forms, are refused with 400 INVALID_WEBHOOK_URL, as are IPv6 addresses that embed an IPv4 address (IPv4-compatible `::/96`, NAT64, 6to4, Teredo), IPv6 addresses outside `2000::/3`, the global unicast space (the reserved `::/8`, such as `::1:a9fe:a9fe`, included), a port other than 443, a user name or password in the URL, a fragment, and a host that does not resolve. The address is checked again before every send, and the connection goes to the address just checked. The local server also accepts `http://127.0.0.1` and `http://localhost` (and https to loopback addresses), on any port.
         *
         *     A `url` holding a control character (tabs and line breaks, which URL parsing would drop, included), a bidirectional control (U+202E and its kin), a character that shows as nothing or an unpaired surrogate (the rule of API key names, POST /partner/api-keys), or with a space before or after it, answers 400 VALIDATION_FAILED naming `url`.
         *
         *     `secret` is `whsec_` and the base64 of 32 random bytes: it is shown in this answer only and stored encrypted (a KMS key of the stage in AWS). Keep it to verify the signatures of the endpoint's deliveries.
         *
         *     A partner has at most 10 endpoints; another one answers 409 WEBHOOK_LIMIT_REACHED until one is deleted. Nothing is stored when the request is refused.
         *
         *     Delivery follows the Standard Webhooks specification: a `POST` with `content-type: application/json` and the headers `webhook-id` (the event id: the same on every retry, so a receiver deduplicates by it), `webhook-timestamp` (epoch seconds of this attempt) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes the secret encodes after `whsec_`). Any Standard Webhooks library verifies it with the secret as shown. After a secret rotation, until the replaced secret expires, `webhook-signature` carries two signatures separated by a space (the new secret's first), and a receiver that holds either secret accepts the delivery.
         *
         *     Body: `{ "type", "timestamp", "apiVersion", "data" }`: `apiVersion` is the API version the endpoint was pinned to when it was registered (the newest then, for good: the endpoint list's `version`), and `data` is in that version's shape (`info.x-api-versions`); an endpoint registered before versions receives 2026-11-23. For order events `data` is the Order record of GET /partner/orders/{orderId} as the move left it, and `timestamp` is when the order moved. Events: `order.sold` (a buy, or an operator re-queued the delivery), `order.minting`, `order.delivered`, `order.failed`, `order.cancelled` (an operator cancelled a FAILED order; its plaque is on sale again). One event per move of the order; the events of one order reach an endpoint in the order of the order's moves (a later event waits while an earlier one is being retried).
         *
         *     Catalogue events are every partner's: any endpoint may subscribe to them, the feed lists them to every partner. `plaque.listed`: a plaque becomes AVAILABLE and featured (and is not deleted), whether it was put on sale, featured, or its hold was released or its order cancelled. `plaque.status_changed`: its stored status changed (`data.previousStatus`; a hold that lapses without a write shows no event). `plaque.price_changed`: its price or currency changed (`data.previousPrice` and `data.previousCurrency`). `plaque.metadata_updated`: a MINTED plaque's name, name parts or image changed (the token metadata of GET /tokens/{id}.json; it is also announced on chain with ERC-4906 `MetadataUpdate`). For these `data` is the Plaque of GET /plaques/{id} as the write left it, plus the previous values named, and `timestamp` is its `updatedAt`. One write may make several events (a released hold: `plaque.status_changed` then `plaque.listed`); the events of one plaque reach an endpoint in the order of its writes. An import does not make an event per plaque it creates (a 100 000-plaque import would send 100 000 deliveries to every subscriber): it makes one `catalogue.imported` once its last plaque is written, `data` `{ "importId", "count", "firstPlaqueId", "lastPlaqueId", "startedAt", "finishedAt" }` (the ids are consecutive); read the new plaques from the listing. An import that stops half way sends nothing.
         *
         *     A 2xx answer within 15 s is success; anything else (another status, a redirect, which is not followed, a timeout, a refused connection, an address that is no longer public) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then recorded as failed. Delivery is at least once: an event may arrive twice, always with the same `webhook-id`.
         *
         *     Idempotency-Key (optional): keys belong to the account (the partner, whether it calls with an API key or signed in) and are kept 24 h. The same key with the same request (method, route, path parameters and body; body member order and whitespace do not matter) replays the first success byte for byte, with header `Idempotent-Replayed: true`; only a success is kept: a refusal frees the key, so a retry with it runs again. The same key with another request → 409 IDEMPOTENCY_MISMATCH; while its first request runs → 409 REQUEST_IN_PROGRESS with Retry-After (a first request that died frees its key after 60 s). A malformed key → 400 VALIDATION_FAILED naming `Idempotency-Key`. The effect and its kept answer are written in one transaction, so a retry after a crash at any moment finds both (replayed) or neither (run again). The kept answer is sealed with a key derived from the Idempotency-Key, so what it shows once (a new API key, a webhook secret) is never readable from storage; replayed after the key is revoked or ended, or the webhook deleted, the answer comes without it.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     Answers 204 with no body. Nothing more is sent to the endpoint, events still waiting for it included; its delivery log goes with it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/event-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in partner's order events of the last 30 days, newest first
         * @description The feed of GET /partner/events, read with the signed-in partner's JWT instead of an API key: the dashboard reads it with the session, as it reads the orders. GET /partner/events takes an API key only, so the session reads it here (API Gateway authorizes a method one way).
         *
         *     The partner is the signed-in user, who owns the keys: the events of the orders placed with any of its keys.
         *
         *     The same events, pages, `limit`, `type` and cursors as GET /partner/events; a cursor of either answers on the other.
         *
         *     The feed holds the events made since it exists: events of moves before then are not listed.
         */
        get: operations["listEventLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The partner's order events and the catalogue's events of the last 30 days, newest first
         * @description The partner is the account that created the API key: any of its keys reads the events of all its orders. A missing, unknown or revoked key answers 403 FORBIDDEN.
         *
         *     Every move of one of the partner's orders makes an event, whether or not a webhook endpoint is registered, kept 30 days: `order.sold`, `order.minting`, `order.delivered`, `order.failed`, `order.cancelled`, `plaque.listed`, `plaque.price_changed`, `plaque.status_changed`, `plaque.metadata_updated`, `catalogue.imported`. A partner whose endpoint was down past the last retry reads here what it missed, and may have an event sent again (POST /partner/webhooks/{id}/resend).
         *
         *     The catalogue's events (`plaque.*`, `catalogue.imported`) are every partner's and listed to each, whether or not it subscribed an endpoint to them; pass `type` to read one kind alone. Catalogue events are every partner's: any endpoint may subscribe to them, the feed lists them to every partner. `plaque.listed`: a plaque becomes AVAILABLE and featured (and is not deleted), whether it was put on sale, featured, or its hold was released or its order cancelled. `plaque.status_changed`: its stored status changed (`data.previousStatus`; a hold that lapses without a write shows no event). `plaque.price_changed`: its price or currency changed (`data.previousPrice` and `data.previousCurrency`). `plaque.metadata_updated`: a MINTED plaque's name, name parts or image changed (the token metadata of GET /tokens/{id}.json; it is also announced on chain with ERC-4906 `MetadataUpdate`). For these `data` is the Plaque of GET /plaques/{id} as the write left it, plus the previous values named, and `timestamp` is its `updatedAt`. One write may make several events (a released hold: `plaque.status_changed` then `plaque.listed`); the events of one plaque reach an endpoint in the order of its writes. An import does not make an event per plaque it creates (a 100 000-plaque import would send 100 000 deliveries to every subscriber): it makes one `catalogue.imported` once its last plaque is written, `data` `{ "importId", "count", "firstPlaqueId", "lastPlaqueId", "startedAt", "finishedAt" }` (the ids are consecutive); read the new plaques from the listing. An import that stops half way sends nothing.
         *
         *     Each event is the body its webhook deliveries carry (`type`, `timestamp`: when the order moved, `data`: the Order record as the move left it; for a catalogue event as said above) with its `id`, the `webhook-id` header of those deliveries: a receiver that deduplicates by `webhook-id` can take events from both. Test events (`ping`) are not listed.
         *
         *     Newest first, by the time of the move, then by id; read page by page from an index keyed by partner and time (never a scan). The partner's events and the catalogue's are read from two index partitions and merged in that order. `limit`: 1–100 events per page, default 20. `type`: only events of that type. Other query parameters are ignored.
         *
         *     `nextCursor` is null on the last page; pass it as `cursor` to read the next one (with the same `type`). A cursor this service could not have issued answers 400 VALIDATION_FAILED naming `cursor`. Events made after the first page was read appear on a new first page. With a type filter a page may hold fewer events than `limit` while `nextCursor` is not null (a page stops after reading 1000 events), so follow the cursor until it is null.
         *
         *     The feed holds the events made since it exists: events of moves before then are not listed.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint's recent delivery attempts
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     The most recent attempts first, `limit` of them (1–100, default 20), kept 30 days. Each is one try of one event: `orderId` names the order the event tells of (null for a test event); `attempt` counts from 1; `statusCode` is what the endpoint answered (null when nothing came back in time, the connection failed, or the address was refused); `error` says what went wrong (null on a 2xx); `nextAttemptAt` is when the event is tried again, null once it was delivered or, after its last retry, recorded as failed. An attempt cut short by a crash of the sender is not listed; the event is sent again (same `webhook-id`) under the next number.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/webhooks/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one of your events to a webhook endpoint again
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     Sends the event `eventId` (an `id` of GET /partner/events, or the `webhook-id` of a delivery) to the endpoint again, now, and answers 202 with its id at once: the same body under the same `webhook-id`, signed with the endpoint's secrets of the moment and retried like any other event. It shows in the delivery log as further attempts of that event. It is sent whatever events the endpoint subscribed to, and does not wait behind the order's other events.
         *
         *     An event of another partner, an unknown one and one older than 30 days (events are kept 30 days) answer 404 EVENT_NOT_FOUND; nothing is queued.
         *
         *     Delivery follows the Standard Webhooks specification: a `POST` with `content-type: application/json` and the headers `webhook-id` (the event id: the same on every retry, so a receiver deduplicates by it), `webhook-timestamp` (epoch seconds of this attempt) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes the secret encodes after `whsec_`). Any Standard Webhooks library verifies it with the secret as shown. After a secret rotation, until the replaced secret expires, `webhook-signature` carries two signatures separated by a space (the new secret's first), and a receiver that holds either secret accepts the delivery.
         *
         *     Body: `{ "type", "timestamp", "apiVersion", "data" }`: `apiVersion` is the API version the endpoint was pinned to when it was registered (the newest then, for good: the endpoint list's `version`), and `data` is in that version's shape (`info.x-api-versions`); an endpoint registered before versions receives 2026-11-23. For order events `data` is the Order record of GET /partner/orders/{orderId} as the move left it, and `timestamp` is when the order moved. Events: `order.sold` (a buy, or an operator re-queued the delivery), `order.minting`, `order.delivered`, `order.failed`, `order.cancelled` (an operator cancelled a FAILED order; its plaque is on sale again). One event per move of the order; the events of one order reach an endpoint in the order of the order's moves (a later event waits while an earlier one is being retried).
         *
         *     Catalogue events are every partner's: any endpoint may subscribe to them, the feed lists them to every partner. `plaque.listed`: a plaque becomes AVAILABLE and featured (and is not deleted), whether it was put on sale, featured, or its hold was released or its order cancelled. `plaque.status_changed`: its stored status changed (`data.previousStatus`; a hold that lapses without a write shows no event). `plaque.price_changed`: its price or currency changed (`data.previousPrice` and `data.previousCurrency`). `plaque.metadata_updated`: a MINTED plaque's name, name parts or image changed (the token metadata of GET /tokens/{id}.json; it is also announced on chain with ERC-4906 `MetadataUpdate`). For these `data` is the Plaque of GET /plaques/{id} as the write left it, plus the previous values named, and `timestamp` is its `updatedAt`. One write may make several events (a released hold: `plaque.status_changed` then `plaque.listed`); the events of one plaque reach an endpoint in the order of its writes. An import does not make an event per plaque it creates (a 100 000-plaque import would send 100 000 deliveries to every subscriber): it makes one `catalogue.imported` once its last plaque is written, `data` `{ "importId", "count", "firstPlaqueId", "lastPlaqueId", "startedAt", "finishedAt" }` (the ids are consecutive); read the new plaques from the listing. An import that stops half way sends nothing.
         *
         *     A 2xx answer within 15 s is success; anything else (another status, a redirect, which is not followed, a timeout, a refused connection, an address that is no longer public) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then recorded as failed. Delivery is at least once: an event may arrive twice, always with the same `webhook-id`.
         *
         *     Idempotency-Key (optional): keys belong to the account (the partner, whether it calls with an API key or signed in) and are kept 24 h. The same key with the same request (method, route, path parameters and body; body member order and whitespace do not matter) replays the first success byte for byte, with header `Idempotent-Replayed: true`; only a success is kept: a refusal frees the key, so a retry with it runs again. The same key with another request → 409 IDEMPOTENCY_MISMATCH; while its first request runs → 409 REQUEST_IN_PROGRESS with Retry-After (a first request that died frees its key after 60 s). A malformed key → 400 VALIDATION_FAILED naming `Idempotency-Key`. The effect and its kept answer are written in one transaction, so a retry after a crash at any moment finds both (replayed) or neither (run again). The kept answer is sealed with a key derived from the Idempotency-Key, so what it shows once (a new API key, a webhook secret) is never readable from storage; replayed after the key is revoked or ended, or the webhook deleted, the answer comes without it.
         */
        post: operations["resendWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret (new secret shown once)
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     `secret` is a new secret (`whsec_` and the base64 of 32 random bytes), shown in this answer only and stored encrypted. The one it replaces still signs every delivery beside it for `expiresInHours` more hours (0–72, default 24; 0 ends it at once): `webhook-signature` then carries both signatures, space-separated, so a receiver may switch to the new secret at its own pace. `previousSecretExpiresAt` is when the old secret stops signing (null with 0).
         *
         *     A rotation during an overlap replaces the older secret at once: a delivery carries two signatures at most, the newest secret's and the one it replaced. No body, or an empty JSON object, takes the default. `expiresInHours` out of range or not a whole number answers 400 VALIDATION_FAILED; nothing is changed.
         *
         *     Rotations of one endpoint sent at once take turns (each is one update that replaces whatever secret is current then), so each answers 200 with its own secret, never a conflict: the last one stored signs, beside the one it replaced, and a secret replaced at once by a rotation sent with it never signs. Rotate once and wait for the answer before rotating again.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partner/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook endpoint
         * @description Managed by the signed-in partner user (the account that owns the partner's API keys): each endpoint belongs to that account, which is the partner its orders' events come from. Another partner's endpoint and an unknown id both answer 404 WEBHOOK_NOT_FOUND.
         *
         *     Queues a `ping` event for the endpoint, whatever events it subscribed to, and answers 202 with its id at once; it is sent within seconds, signed and retried like any other event. The request takes no body, or an empty JSON object (typed clients see a body with no members: `{}`, or leave it out). The event's body is `{ "type": "ping", "timestamp", "data": { "webhookId" } }`. The delivery log shows how it went.
         *
         *     Delivery follows the Standard Webhooks specification: a `POST` with `content-type: application/json` and the headers `webhook-id` (the event id: the same on every retry, so a receiver deduplicates by it), `webhook-timestamp` (epoch seconds of this attempt) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes the secret encodes after `whsec_`). Any Standard Webhooks library verifies it with the secret as shown. After a secret rotation, until the replaced secret expires, `webhook-signature` carries two signatures separated by a space (the new secret's first), and a receiver that holds either secret accepts the delivery.
         *
         *     Body: `{ "type", "timestamp", "apiVersion", "data" }`: `apiVersion` is the API version the endpoint was pinned to when it was registered (the newest then, for good: the endpoint list's `version`), and `data` is in that version's shape (`info.x-api-versions`); an endpoint registered before versions receives 2026-11-23. For order events `data` is the Order record of GET /partner/orders/{orderId} as the move left it, and `timestamp` is when the order moved. Events: `order.sold` (a buy, or an operator re-queued the delivery), `order.minting`, `order.delivered`, `order.failed`, `order.cancelled` (an operator cancelled a FAILED order; its plaque is on sale again). One event per move of the order; the events of one order reach an endpoint in the order of the order's moves (a later event waits while an earlier one is being retried).
         *
         *     Catalogue events are every partner's: any endpoint may subscribe to them, the feed lists them to every partner. `plaque.listed`: a plaque becomes AVAILABLE and featured (and is not deleted), whether it was put on sale, featured, or its hold was released or its order cancelled. `plaque.status_changed`: its stored status changed (`data.previousStatus`; a hold that lapses without a write shows no event). `plaque.price_changed`: its price or currency changed (`data.previousPrice` and `data.previousCurrency`). `plaque.metadata_updated`: a MINTED plaque's name, name parts or image changed (the token metadata of GET /tokens/{id}.json; it is also announced on chain with ERC-4906 `MetadataUpdate`). For these `data` is the Plaque of GET /plaques/{id} as the write left it, plus the previous values named, and `timestamp` is its `updatedAt`. One write may make several events (a released hold: `plaque.status_changed` then `plaque.listed`); the events of one plaque reach an endpoint in the order of its writes. An import does not make an event per plaque it creates (a 100 000-plaque import would send 100 000 deliveries to every subscriber): it makes one `catalogue.imported` once its last plaque is written, `data` `{ "importId", "count", "firstPlaqueId", "lastPlaqueId", "startedAt", "finishedAt" }` (the ids are consecutive); read the new plaques from the listing. An import that stops half way sends nothing.
         *
         *     A 2xx answer within 15 s is success; anything else (another status, a redirect, which is not followed, a timeout, a refused connection, an address that is no longer public) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then recorded as failed. Delivery is at least once: an event may arrive twice, always with the same `webhook-id`.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details. Branch on `code`, never on `title` or `detail`. */
        Problem: {
            /**
             * Format: uri
             * @description https://errors.plaques.dev/ and the code in kebab case
             */
            type: string;
            title: string;
            status: number;
            /** @description Stable identifier: branch on this. */
            code: string;
            detail?: string;
            /** @description For 400 VALIDATION_FAILED: each offending member (`filters.condition[0]`, `id`, `Idempotency-Key`). */
            errors?: {
                path: string;
                message: string;
            }[];
            /** @description The same value as the `x-request-id` header. */
            requestId: string;
        } & {
            [key: string]: unknown;
        };
        ApiKey: {
            id: string;
            name: string | null;
            prefix: string;
            /** @enum {string} */
            scope: "sell" | "read";
            /** @enum {string} */
            version: "2026-11-23" | "2026-11-28";
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            expiresAt: string | null;
        };
        ApiKeyCreated: {
            id: string;
            name: string | null;
            prefix: string;
            /** @enum {string} */
            scope: "sell" | "read";
            /** Format: date-time */
            createdAt: string;
            apiKey?: string;
        };
        ApiKeyList: {
            keys: components["schemas"]["ApiKey"][];
        };
        AuditLogPage: {
            entries: {
                id: string;
                /** @enum {string} */
                action: "user.signed_in" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.version_moved" | "webhook.created" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.resent";
                target: {
                    /** @enum {string} */
                    type: "user" | "api_key" | "webhook";
                    id: string;
                    detail: string | null;
                };
                actor: {
                    id: number;
                    email: string;
                };
                ip: string | null;
                /** Format: date-time */
                at: string;
            }[];
            nextCursor: string | null;
        };
        Balance: {
            balances: {
                currency: string;
                due: number;
            }[];
        };
        CatalogueActivityPage: {
            activity: {
                /** @enum {string} */
                type: "sale" | "mint" | "cancel" | "price_change" | "listing";
                price: number | null;
                currency: string | null;
                txHash: string | null;
                /** Format: date-time */
                at: string;
                plaqueId: number;
                plaqueName: string;
            }[];
            nextCursor: string | null;
        };
        CatalogueImportedEvent: {
            id: string;
            /** @constant */
            type: "catalogue.imported";
            /** Format: date-time */
            timestamp: string;
            data: {
                importId: string;
                count: number;
                firstPlaqueId: number;
                lastPlaqueId: number;
                /** Format: date-time */
                startedAt: string;
                /** Format: date-time */
                finishedAt: string;
            };
        };
        CodeSent: {
            sentTo: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            resendAvailableAt: string;
        };
        CollectionMetadata: {
            name: string;
            description: string;
            /** Format: uri */
            image: string;
            /** Format: uri */
            external_link: string;
        };
        EventPage: {
            events: (components["schemas"]["OrderEvent"] | components["schemas"]["PlaqueListedEvent"] | components["schemas"]["PlaquePriceChangedEvent"] | components["schemas"]["PlaqueStatusChangedEvent"] | components["schemas"]["PlaqueMetadataUpdatedEvent"] | components["schemas"]["CatalogueImportedEvent"])[];
            nextCursor: string | null;
        };
        FeaturedFilters: {
            condition?: ("VIRGIN" | "USED" | "DAMAGED") | ("VIRGIN" | "USED" | "DAMAGED")[];
            marketplace?: ("SERVICE" | "OPENSEA") | ("SERVICE" | "OPENSEA")[];
            status?: ("AVAILABLE" | "LOCKED" | "SOLD" | "MINTED") | ("AVAILABLE" | "LOCKED" | "SOLD" | "MINTED")[];
            /** @description Default true: the listing lists featured plaques only; false lists the plaques that are not featured instead. No value lists both at once. */
            featured?: boolean;
            /** @description ISO 8601: a date (midnight UTC) or a date-time, with `Z` or an offset (none: UTC). */
            from?: string;
            /** @description ISO 8601: a date (midnight UTC) or a date-time, with `Z` or an offset (none: UTC). */
            to?: string;
            priceMin?: number;
            priceMax?: number;
        };
        FeaturedPage: {
            count: number;
            plaques: components["schemas"]["Plaque"][];
            nextCursor: string | null;
        };
        Jwks: {
            keys: {
                /** @constant */
                kty: "EC";
                /** @constant */
                crv: "P-256";
                x: string;
                y: string;
                kid: string;
                /** @constant */
                alg: "ES256";
                /** @constant */
                use: "sig";
            }[];
        };
        LedgerEntry: {
            id: string;
            /** @enum {string} */
            type: "sale" | "reversal" | "payment";
            orderId: string | null;
            plaqueId: number | null;
            currency: string;
            gross: number;
            commission: number;
            due: number;
            reference: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        LedgerPage: {
            entries: components["schemas"]["LedgerEntry"][];
            nextCursor: string | null;
        };
        Lookup: {
            plaqueId: number;
            uniqueId: string;
            available: boolean;
            mintable: boolean;
            /** @enum {string} */
            status: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
            reasons: ("LOCKED" | "SOLD" | "ALREADY_MINTED" | "NOT_MINTABLE")[];
        };
        MintCost: {
            gas: number;
            gasPriceWei: string;
            feeWei: string;
            tokensInTransaction: number;
        };
        OpenApiDocument: {
            openapi: string;
            info: {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        Order: {
            orderId: string;
            /** @enum {string} */
            status: "SOLD" | "MINTING" | "DELIVERED" | "FAILED" | "CANCELLED";
            plaqueId: number;
            plaqueName: string;
            price: number;
            currency: string;
            buyerWallet: string;
            txHash: string | null;
            explorerUrl: string | null;
            tokenUrl: string | null;
            failureReason: string | null;
            cancelReason: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deliveredAt: string | null;
            mintCost: components["schemas"]["MintCost"] | null;
        };
        OrderEvent: {
            id: string;
            /** @enum {string} */
            type: "order.sold" | "order.minting" | "order.delivered" | "order.failed" | "order.cancelled";
            /** Format: date-time */
            timestamp: string;
            data: components["schemas"]["Order"];
        };
        OrderPage: {
            orders: components["schemas"]["Order"][];
            nextCursor: string | null;
        };
        Owner: {
            plaqueId: number;
            username: string | null;
            validUsername: boolean;
            walletAddress: string | null;
        };
        Plaque: {
            id: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
            name: string;
            alphabetPart: string;
            numberPart: string;
            /** Format: uri */
            image: string;
            price: number;
            currency: string;
            /** @enum {string} */
            marketplace: "service" | "opensea";
            tokenId: string | null;
            mappedPlaqueId: number | null;
            contractAddress: string;
            featured: boolean;
            description: string;
            /** @constant */
            standard: "ERC-1155";
            metadata: {
                [key: string]: unknown;
            } | null;
            building_id: number | null;
            wallet_address: string | null;
            /** @enum {string} */
            condition: "VIRGIN" | "USED" | "DAMAGED";
            assignAt: string | null;
            saleAt: string | null;
            featuredAt: string | null;
            mintedAt: string | null;
            /** @enum {string} */
            status: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
            minted: boolean;
            token_id?: string | null;
        };
        PlaqueActivityPage: {
            activity: {
                /** @enum {string} */
                type: "sale" | "mint" | "cancel" | "price_change" | "listing";
                price: number | null;
                currency: string | null;
                txHash: string | null;
                /** Format: date-time */
                at: string;
            }[];
            nextCursor: string | null;
        };
        PlaqueListedEvent: {
            id: string;
            /** @constant */
            type: "plaque.listed";
            /** Format: date-time */
            timestamp: string;
            data: {
                id: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                deletedAt: string | null;
                name: string;
                alphabetPart: string;
                numberPart: string;
                /** Format: uri */
                image: string;
                price: number;
                currency: string;
                /** @enum {string} */
                marketplace: "service" | "opensea";
                tokenId: string | null;
                mappedPlaqueId: number | null;
                contractAddress: string;
                featured: boolean;
                description: string;
                /** @constant */
                standard: "ERC-1155";
                metadata: {
                    [key: string]: unknown;
                } | null;
                building_id: number | null;
                wallet_address: string | null;
                /** @enum {string} */
                condition: "VIRGIN" | "USED" | "DAMAGED";
                assignAt: string | null;
                saleAt: string | null;
                featuredAt: string | null;
                mintedAt: string | null;
                /** @enum {string} */
                status: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
                minted: boolean;
                token_id?: string | null;
            };
        };
        PlaqueMetadataUpdatedEvent: {
            id: string;
            /** @constant */
            type: "plaque.metadata_updated";
            /** Format: date-time */
            timestamp: string;
            data: {
                id: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                deletedAt: string | null;
                name: string;
                alphabetPart: string;
                numberPart: string;
                /** Format: uri */
                image: string;
                price: number;
                currency: string;
                /** @enum {string} */
                marketplace: "service" | "opensea";
                tokenId: string | null;
                mappedPlaqueId: number | null;
                contractAddress: string;
                featured: boolean;
                description: string;
                /** @constant */
                standard: "ERC-1155";
                metadata: {
                    [key: string]: unknown;
                } | null;
                building_id: number | null;
                wallet_address: string | null;
                /** @enum {string} */
                condition: "VIRGIN" | "USED" | "DAMAGED";
                assignAt: string | null;
                saleAt: string | null;
                featuredAt: string | null;
                mintedAt: string | null;
                /** @enum {string} */
                status: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
                minted: boolean;
                token_id?: string | null;
            };
        };
        PlaquePriceChangedEvent: {
            id: string;
            /** @constant */
            type: "plaque.price_changed";
            /** Format: date-time */
            timestamp: string;
            data: {
                id: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                deletedAt: string | null;
                name: string;
                alphabetPart: string;
                numberPart: string;
                /** Format: uri */
                image: string;
                price: number;
                currency: string;
                /** @enum {string} */
                marketplace: "service" | "opensea";
                tokenId: string | null;
                mappedPlaqueId: number | null;
                contractAddress: string;
                featured: boolean;
                description: string;
                /** @constant */
                standard: "ERC-1155";
                metadata: {
                    [key: string]: unknown;
                } | null;
                building_id: number | null;
                wallet_address: string | null;
                /** @enum {string} */
                condition: "VIRGIN" | "USED" | "DAMAGED";
                assignAt: string | null;
                saleAt: string | null;
                featuredAt: string | null;
                mintedAt: string | null;
                /** @enum {string} */
                status: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
                minted: boolean;
                token_id?: string | null;
                previousPrice: number;
                previousCurrency: string;
            };
        };
        PlaqueStats: {
            count: {
                AVAILABLE: number;
                LOCKED: number;
                SOLD: number;
                MINTED: number;
            };
            floor: {
                currency: string;
                price: number;
                plaqueId: number;
            }[];
            volume: {
                currency: string;
                h24: number;
                d7: number;
                d30: number;
                sales24h: number;
            }[];
        };
        PlaqueStatusChangedEvent: {
            id: string;
            /** @constant */
            type: "plaque.status_changed";
            /** Format: date-time */
            timestamp: string;
            data: {
                id: number;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                deletedAt: string | null;
                name: string;
                alphabetPart: string;
                numberPart: string;
                /** Format: uri */
                image: string;
                price: number;
                currency: string;
                /** @enum {string} */
                marketplace: "service" | "opensea";
                tokenId: string | null;
                mappedPlaqueId: number | null;
                contractAddress: string;
                featured: boolean;
                description: string;
                /** @constant */
                standard: "ERC-1155";
                metadata: {
                    [key: string]: unknown;
                } | null;
                building_id: number | null;
                wallet_address: string | null;
                /** @enum {string} */
                condition: "VIRGIN" | "USED" | "DAMAGED";
                assignAt: string | null;
                saleAt: string | null;
                featuredAt: string | null;
                mintedAt: string | null;
                /** @enum {string} */
                status: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
                minted: boolean;
                token_id?: string | null;
                /** @enum {string} */
                previousStatus: "AVAILABLE" | "LOCKED" | "SOLD" | "MINTED";
            };
        };
        Reservation: {
            reservationId: string;
            /** Format: date-time */
            expiresAt: string;
            price: number;
            currency: string;
            token: {
                standard: string;
                contractAddress: string;
                tokenId: string;
                metadata: components["schemas"]["TokenMetadata"];
            };
        };
        Sale: {
            orderId: string;
            /** @constant */
            status: "SOLD";
            plaque: components["schemas"]["Plaque"];
        };
        SignedIn: {
            user: components["schemas"]["User"];
            token: string;
        };
        Statement: {
            month: string;
            currencies: {
                currency: string;
                opening: number;
                sales: components["schemas"]["StatementLines"];
                reversals: components["schemas"]["StatementLines"];
                payments: components["schemas"]["StatementLines"];
                closing: number;
            }[];
        };
        StatementLines: {
            count: number;
            gross: number;
            commission: number;
            due: number;
        };
        TokenMetadata: {
            name: string;
            description: string;
            /** Format: uri */
            image: string;
            /** Format: uri */
            external_url?: string;
            /** @constant */
            decimals: 0;
            attributes: {
                trait_type: string;
                value: string;
            }[];
            properties: {
                plaqueId: number;
                condition: string;
                marketplace: string;
                alphabetPart: string;
                numberPart: string;
            };
        };
        UsageReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            keys: {
                id: string;
                prefix: string;
                days: {
                    /** Format: date */
                    date: string;
                    requests: number;
                }[];
            }[];
        };
        User: {
            id: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            deletedAt: string | null;
            email: string;
            username: string;
            image: string | null;
            walletAddress: string;
            receiveEmail: boolean;
            canGetDeltaEnergy: boolean;
            emailVerify: boolean;
            emailVerificationCodeExpireTime: string | null;
            access: string[];
            paymentCustomerId: string | null;
            totalEnergyReceived: number;
            totalPings: number;
            isServiceWallet: boolean;
        };
        WalletPlaquePage: {
            count: number;
            plaques: components["schemas"]["Plaque"][];
            nextCursor: string | null;
        };
        WebhookCreated: {
            id: string;
            url: string;
            events: ("order.sold" | "order.minting" | "order.delivered" | "order.failed" | "order.cancelled" | "plaque.listed" | "plaque.price_changed" | "plaque.status_changed" | "plaque.metadata_updated" | "catalogue.imported")[];
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            version: "2026-11-23" | "2026-11-28";
            secret?: string;
        };
        WebhookDeliveries: {
            deliveries: {
                eventId: string;
                type: string;
                orderId: string | null;
                attempt: number;
                statusCode: number | null;
                error: string | null;
                durationMs: number;
                /** Format: date-time */
                at: string;
                nextAttemptAt: string | null;
            }[];
        };
        WebhookList: {
            webhooks: {
                id: string;
                url: string;
                events: ("order.sold" | "order.minting" | "order.delivered" | "order.failed" | "order.cancelled" | "plaque.listed" | "plaque.price_changed" | "plaque.status_changed" | "plaque.metadata_updated" | "catalogue.imported")[];
                /** Format: date-time */
                createdAt: string;
                /** @enum {string} */
                version: "2026-11-23" | "2026-11-28";
            }[];
        };
        WebhookResent: {
            eventId: string;
        };
        WebhookSecret: {
            secret: string;
            previousSecretExpiresAt: string | null;
        };
        WebhookTestSent: {
            eventId: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Identifies the request in the service logs; every response carries it (also `requestId` in problems). */
        RequestId: string;
        /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
        PlaqueVersion: "2026-11-23" | "2026-11-28";
        /** @description Seconds to wait before trying again */
        RetryAfter: number;
        /** @description The methods the path has */
        Allow: string;
        /** @description `true` when this answer is the stored answer to an earlier request with the same Idempotency-Key */
        IdempotentReplayed: "true";
        /** @description How long the answer may be cached */
        CacheControl: string;
        /** @description The name a file answer is saved under (`attachment; filename="…"`) */
        ContentDisposition: string;
        /** @description RFC 8288 links: `<?cursor=…>; rel="next"` where the answer continues in another request */
        Link: string;
        /**
         * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
         * @example "daily";q=10000;w=86400
         */
        RateLimitPolicy: string;
        /**
         * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
         * @example "daily";r=9958;t=41230
         */
        RateLimit: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phoneNumber": "+4915112345678"
                 *     }
                 */
                "multipart/form-data": {
                    /** @description PNG, JPEG, WebP or GIF; at most 4 MiB and 4096 × 4096 pixels */
                    image?: unknown;
                    username?: string;
                    password?: string;
                    currentPassword?: string;
                    phoneNumber?: string;
                };
            };
        };
        responses: {
            /** @description The updated user and a fresh token */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_MULTIPART, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_MULTIPART" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: INVALID_CREDENTIALS, UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INVALID_CREDENTIALS" | "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: USERNAME_TAKEN, CONCURRENT_UPDATE */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "USERNAME_TAKEN" | "CONCURRENT_UPDATE";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_IMAGE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE" | "UNSUPPORTED_IMAGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Web Key Set */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: INVALID_CREDENTIALS */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INVALID_CREDENTIALS";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_LOGIN_ATTEMPTS, TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_LOGIN_ATTEMPTS" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    requestEmailVerificationCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The code was issued; its mail follows within seconds */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeSent"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: RESEND_TOO_SOON, TOO_MANY_CODES, TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "RESEND_TOO_SOON" | "TOO_MANY_CODES" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    evaluateEmailVerificationCode: {
        parameters: {
            query: {
                /** @example ada@example.com */
                email: string;
                /** @example 123456 */
                code: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: CODE_MISMATCH, CODE_EXPIRED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "CODE_MISMATCH" | "CODE_EXPIRED";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_ATTEMPTS, TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_ATTEMPTS" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    evaluateEmailVerificationCodePost: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "code": "123456"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: CODE_MISMATCH, CODE_EXPIRED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "CODE_MISMATCH" | "CODE_EXPIRED";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_ATTEMPTS, TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_ATTEMPTS" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to, or 2026-11-23 for a signed-in user. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance per currency */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getStatement: {
        parameters: {
            query?: {
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to, or 2026-11-23 for a signed-in user. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The month, `YYYY-MM` (UTC)
                 * @example 2026-01
                 */
                month: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement (JSON), or a file of its entries (CSV) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statement"];
                    /**
                     * @example id,type,createdAt,orderId,plaqueId,reference,currency,gross,commission,due,grossDecimal,commissionDecimal,dueDecimal
                     *     sale_ord_9e107d9d372bb6826bd81d3542a419d6,sale,2026-11-03T10:15:00.000Z,ord_9e107d9d372bb6826bd81d3542a419d6,42,,USD,1250,125,1125,12.50,1.25,11.25
                     *     pay_Zk3Q9mV0bT2xR7pL,payment,2026-11-20T09:00:00.000Z,,,TRF-2026-11-20,USD,-1125,0,-1125,-11.25,0.00,-11.25
                     */
                    "text/csv": string;
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: STATEMENT_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "STATEMENT_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listLedger: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                /** @example sale */
                type?: "sale" | "reversal" | "payment";
                /** @example 5 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to, or 2026-11-23 for a signed-in user. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    buyPlaque: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description 8–128 printable ASCII characters, unique per attempt (a UUID is a good choice).
                 * @example 5f0c9a7e-4a8b-4c3e-9d1a-2b7e6f3c8d90
                 */
                "Idempotency-Key"?: string;
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reservationId": "res_8f14e45fceea167a5a36dedd4bea2543",
                 *       "buyerWallet": "0x52908400098527886E0F7030069857D2E4169EE7"
                 *     }
                 */
                "application/json": {
                    reservationId: string;
                    /** @description An EVM address: EIP-55 checksummed, or all lower-case. A mixed-case address whose checksum is wrong answers 400. */
                    buyerWallet: string;
                };
            };
        };
        responses: {
            /** @description Sold: the order and the plaque as now stored */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    /** @description Names `Plaque-Version` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sale"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN, KEY_SCOPE_INSUFFICIENT */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN" | "KEY_SCOPE_INSUFFICIENT";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: RESERVATION_INVALID, INVALID_STATE, IDEMPOTENCY_MISMATCH, REQUEST_IN_PROGRESS, CONFLICT */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "RESERVATION_INVALID" | "INVALID_STATE" | "IDEMPOTENCY_MISMATCH" | "REQUEST_IN_PROGRESS" | "CONFLICT";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: 8–128 printable ASCII characters, unique per attempt to create (a UUID is a good choice). */
                "Idempotency-Key"?: string;
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "shop",
                 *       "scope": "read"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /**
                     * @default sell
                     * @enum {string}
                     */
                    scope?: "sell" | "read";
                };
            };
        };
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: KEY_LIMIT_REACHED, CONFLICT, IDEMPOTENCY_MISMATCH, REQUEST_IN_PROGRESS */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "KEY_LIMIT_REACHED" | "CONFLICT" | "IDEMPOTENCY_MISMATCH" | "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The id the buy answered (`ord_…`)
                 * @example ord_9e107d9d372bb6826bd81d3542a419d6
                 */
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: ORDER_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "ORDER_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPlaqueOwner: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The owner */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Owner"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @example 3 */
                days?: number;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Requests per key and day */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageReport"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: USAGE_UNAVAILABLE, SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "USAGE_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @example 5 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                status?: "SOLD" | "MINTING" | "DELIVERED" | "FAILED" | "CANCELLED";
                /** @example 5 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    lookupPlaque: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plaque's sale and mint status */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lookup"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: CHAIN_UNAVAILABLE, SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "CHAIN_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    preparePlaque: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: 8–128 printable ASCII characters, unique per attempt to create (a UUID is a good choice). */
                "Idempotency-Key"?: string;
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "buyerWallet": "0x52908400098527886E0F7030069857D2E4169EE7"
                 *     }
                 */
                "application/json": {
                    /** @description An EVM address: EIP-55 checksummed, or all lower-case. A mixed-case address whose checksum is wrong answers 400. */
                    buyerWallet: string;
                };
            };
        };
        responses: {
            /** @description The reservation */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reservation"];
                };
            };
            /** @description Problem: WALLET_CANNOT_RECEIVE, VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WALLET_CANNOT_RECEIVE" | "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN, KEY_SCOPE_INSUFFICIENT */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN" | "KEY_SCOPE_INSUFFICIENT";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: NOT_AVAILABLE, IDEMPOTENCY_MISMATCH, REQUEST_IN_PROGRESS */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_AVAILABLE" | "IDEMPOTENCY_MISMATCH" | "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: CHAIN_UNAVAILABLE, SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "CHAIN_UNAVAILABLE" | "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    releaseHold: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The `reservationId` a prepare answered (`res_…`)
                 * @example res_8f14e45fceea167a5a36dedd4bea2543
                 */
                reservationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Released */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN, KEY_SCOPE_INSUFFICIENT */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN" | "KEY_SCOPE_INSUFFICIENT";
                    };
                };
            };
            /** @description Problem: RESERVATION_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "RESERVATION_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: RESERVATION_INVALID, CONFLICT */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "RESERVATION_INVALID" | "CONFLICT";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The key id returned at creation
                 * @example a1b2c3d4e5
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: API_KEY_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "API_KEY_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: CONFLICT */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    rollApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: 8–128 printable ASCII characters, unique per attempt to create (a UUID is a good choice). */
                "Idempotency-Key"?: string;
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The id of the key to replace
                 * @example a1b2c3d4e5
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expiresInHours": 24
                 *     }
                 */
                "application/json": {
                    /** @default 24 */
                    expiresInHours?: number;
                };
            };
        };
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: API_KEY_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "API_KEY_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: KEY_NOT_ROLLABLE, KEY_LIMIT_REACHED, CONFLICT, IDEMPOTENCY_MISMATCH, REQUEST_IN_PROGRESS */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "KEY_NOT_ROLLABLE" | "KEY_LIMIT_REACHED" | "CONFLICT" | "IDEMPOTENCY_MISMATCH" | "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    setApiKeyVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The key id returned at creation
                 * @example a1b2c3d4e5
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": "2026-11-28"
                 *     }
                 */
                "application/json": {
                    version: string;
                };
            };
        };
        responses: {
            /** @description The key, pinned to the version */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Problem: UNKNOWN_VERSION, VALIDATION_FAILED, MALFORMED_JSON */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNKNOWN_VERSION" | "VALIDATION_FAILED" | "MALFORMED_JSON";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: API_KEY_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "API_KEY_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: CONFLICT */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "CONFLICT";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPlaqueByName: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version of the `x-api-key` sent, if any (read only for its version: an unknown or revoked key is not refused, and answered as no key), else 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque name: three letters, a hyphen and four digits (`ABC-0042`), in any letter case. Anything else answers 400 VALIDATION_FAILED naming `name`.
                 * @example ABC-0042
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plaque */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    /** @description Names `Plaque-Version` and `X-Api-Key` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plaque"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPlaqueStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue's statistics */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaqueStats"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getPlaque: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version of the `x-api-key` sent, if any (read only for its version: an unknown or revoked key is not refused, and answered as no key), else 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plaque */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    /** @description Names `Plaque-Version` and `X-Api-Key` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plaque"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listActivity: {
        parameters: {
            query: {
                /** @example sale */
                type: "sale" | "mint" | "cancel" | "price_change" | "listing";
                /** @example 20 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the catalogue's activity */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogueActivityPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listFeaturedPlaques: {
        parameters: {
            query?: {
                /** @description FeaturedFilters as JSON text, e.g. `filters={"condition":["VIRGIN"]}` (URL-encoded): a client sends `JSON.stringify(filters)`. The bracket form is accepted too: `filters[condition][]=VIRGIN`, `filters[condition][0]=VIRGIN`, `filters[featured]=true`; a plain string counts as a one-item array. An empty value counts as absent. */
                filters?: string;
                filterBy?: "p.updated_at" | "p.sale_at" | "p.featured_at" | "p.minted_at";
                /** @description An empty value counts as absent. */
                search?: string;
                orderBy?: "p.id" | "p.updated_at" | "p.updatedAt" | "p.status" | "p.sale_at" | "p.featured_at" | "p.minted_at";
                sort?: string;
                /** @example 2 */
                limit?: number;
                skip?: number;
                /** @description An empty value counts as absent. */
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version of the `x-api-key` sent, if any (read only for its version: an unknown or revoked key is not refused, and answered as no key), else 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of plaques */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    /** @description Names `Plaque-Version` and `X-Api-Key` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeaturedPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    searchFeaturedPlaques: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version of the `x-api-key` sent, if any (read only for its version: an unknown or revoked key is not refused, and answered as no key), else 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "limit": 2
                 *     }
                 */
                "application/json": {
                    filters?: components["schemas"]["FeaturedFilters"] | string;
                    /**
                     * @description The date field filters.from and filters.to range over, inclusively: p.updated_at (updatedAt), p.sale_at (saleAt), p.featured_at (featuredAt, the default) or p.minted_at (mintedAt). A plaque whose field is null matches no range.
                     * @default p.featured_at
                     * @enum {string}
                     */
                    filterBy?: "p.updated_at" | "p.sale_at" | "p.featured_at" | "p.minted_at";
                    search?: string;
                    /**
                     * @description The field the page is ordered by, in the direction of sort; ties are broken by id in the same direction and nulls come last either way. p.status orders by the status name alphabetically (AVAILABLE, LOCKED, MINTED, SOLD ascending), an expired hold counting as AVAILABLE.
                     * @default p.featured_at
                     * @enum {string}
                     */
                    orderBy?: "p.id" | "p.updated_at" | "p.updatedAt" | "p.status" | "p.sale_at" | "p.featured_at" | "p.minted_at";
                    /**
                     * @description `ASC` or `DESC`, in any case.
                     * @default DESC
                     * @example ASC
                     * @example DESC
                     */
                    sort?: string;
                    /** @default 20 */
                    limit?: number;
                    /** @default 0 */
                    skip?: number;
                    cursor?: string;
                };
            };
        };
        responses: {
            /** @description One page of plaques */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    /** @description Names `Plaque-Version` and `X-Api-Key` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeaturedPage"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listOwnPlaques: {
        parameters: {
            query?: {
                /** @example 20 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user's plaques */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    /** @description Names `Plaque-Version` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletPlaquePage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listPlaqueActivity: {
        parameters: {
            query?: {
                /** @example 20 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description Plaque id: a positive integer written plainly. Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 42
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the plaque's activity */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlaqueActivityPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: PLAQUE_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PLAQUE_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listWalletPlaques: {
        parameters: {
            query?: {
                /** @example 20 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version of the `x-api-key` sent, if any (read only for its version: an unknown or revoked key is not refused, and answered as no key), else 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The wallet: a 0x address of 40 hex digits, EIP-55 checksummed or all lower-case (as a buyer wallet is given); a mixed-case address with a wrong checksum answers 400 VALIDATION_FAILED naming `address`.
                 * @example 0x52908400098527886E0F7030069857D2E4169EE7
                 */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the wallet's plaques */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    /** @description Names `Plaque-Version` and `X-Api-Key` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletPlaquePage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
        };
    };
    getContractMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection's metadata */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionMetadata"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
        };
    };
    getTokenMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The token id, as 64 hex digits or 1–63 decimal digits (the path adds `.json`). Anything else answers 400 VALIDATION_FAILED naming `id`.
                 * @example 000000000000000000000000000000000000000000000000000000000000002a
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token's metadata */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenMetadata"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: TOKEN_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOKEN_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: 8–128 printable ASCII characters, unique per attempt to create (a UUID is a good choice). */
                "Idempotency-Key"?: string;
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.example/hooks/plaques",
                 *       "events": [
                 *         "order.sold",
                 *         "order.delivered"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description `https://` and a host, an optional port, path and query; no user name or password, no fragment. `http://127.0.0.1` and `http://localhost` are accepted by the local server only. It must also parse as a URL (WHATWG URL Standard, as browsers do), and in a deployed stage use port 443 and resolve only to public addresses (see the operation). */
                    url: string;
                    events: ("order.sold" | "order.minting" | "order.delivered" | "order.failed" | "order.cancelled" | "plaque.listed" | "plaque.price_changed" | "plaque.status_changed" | "plaque.metadata_updated" | "catalogue.imported")[];
                };
            };
        };
        responses: {
            /** @description The endpoint, with its secret (shown only here) */
            201: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Problem: INVALID_WEBHOOK_URL, VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INVALID_WEBHOOK_URL" | "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: WEBHOOK_LIMIT_REACHED, IDEMPOTENCY_MISMATCH, REQUEST_IN_PROGRESS */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WEBHOOK_LIMIT_REACHED" | "IDEMPOTENCY_MISMATCH" | "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The endpoint id returned at registration (`wh_…`)
                 * @example wh_5d41402abc4b2a76b9719d911017c592
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: WEBHOOK_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WEBHOOK_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listEventLog: {
        parameters: {
            query?: {
                type?: "order.sold" | "order.minting" | "order.delivered" | "order.failed" | "order.cancelled" | "plaque.listed" | "plaque.price_changed" | "plaque.status_changed" | "plaque.metadata_updated" | "catalogue.imported";
                /** @example 5 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    /** @description Names `Plaque-Version` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                type?: "order.sold" | "order.minting" | "order.delivered" | "order.failed" | "order.cancelled" | "plaque.listed" | "plaque.price_changed" | "plaque.status_changed" | "plaque.metadata_updated" | "catalogue.imported";
                /** @example 5 */
                limit?: number;
                cursor?: string;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: the version the API key is pinned to. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    /** @description Names `Plaque-Version` (besides `Origin` where several origins are allowed): the answer's shape depends on the version. */
                    Vary?: string;
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS, QUOTA_EXCEEDED */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS" | "QUOTA_EXCEEDED";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    /**
                     * @description The API key's quota policy (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";q=<requests per UTC day>;w=86400`, the stage's usage plan's daily quota. The same on every answer of a stage.
                     * @example "daily";q=10000;w=86400
                     */
                    "RateLimit-Policy"?: string;
                    /**
                     * @description Where the API key stands in its current window, the UTC day (draft-ietf-httpapi-ratelimit-headers, a structured field): `"daily";r=<requests left today>;t=<seconds until 00:00 UTC, when the quota starts again>`. `r` is never negative; `t` is 1 to 86400.
                     * @example "daily";r=9958;t=41230
                     */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The endpoint id returned at registration (`wh_…`)
                 * @example wh_5d41402abc4b2a76b9719d911017c592
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recent attempts */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveries"];
                };
            };
            /** @description Problem: BODY_NOT_ALLOWED, VALIDATION_FAILED, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "BODY_NOT_ALLOWED" | "VALIDATION_FAILED" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: WEBHOOK_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WEBHOOK_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    resendWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional: 8–128 printable ASCII characters, unique per attempt to create (a UUID is a good choice). */
                "Idempotency-Key"?: string;
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The endpoint id returned at registration (`wh_…`)
                 * @example wh_5d41402abc4b2a76b9719d911017c592
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "eventId": "evt_Zk3Q9mV0bT2xR7pL4cN8aW1sY6uE5hJd"
                 *     }
                 */
                "application/json": {
                    eventId: string;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResent"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: WEBHOOK_NOT_FOUND, EVENT_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WEBHOOK_NOT_FOUND" | "EVENT_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: IDEMPOTENCY_MISMATCH, REQUEST_IN_PROGRESS */
            409: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "IDEMPOTENCY_MISMATCH" | "REQUEST_IN_PROGRESS";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The endpoint id returned at registration (`wh_…`)
                 * @example wh_5d41402abc4b2a76b9719d911017c592
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expiresInHours": 24
                 *     }
                 */
                "application/json": {
                    /** @default 24 */
                    expiresInHours?: number;
                };
            };
        };
        responses: {
            /** @description The new secret (shown only here) */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecret"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: WEBHOOK_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WEBHOOK_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version to answer in (`info.x-api-versions` lists them and what each changed). Without it: 2026-11-23. Any other value answers 400 UNKNOWN_VERSION. */
                "Plaque-Version"?: "2026-11-23" | "2026-11-28";
            };
            path: {
                /**
                 * @description The endpoint id returned at registration (`wh_…`)
                 * @example wh_5d41402abc4b2a76b9719d911017c592
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "Plaque-Version": components["headers"]["PlaqueVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestSent"];
                };
            };
            /** @description Problem: VALIDATION_FAILED, MALFORMED_JSON, UNKNOWN_VERSION */
            400: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "VALIDATION_FAILED" | "MALFORMED_JSON" | "UNKNOWN_VERSION";
                    };
                };
            };
            /** @description Problem: UNAUTHORIZED */
            401: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNAUTHORIZED";
                    };
                };
            };
            /** @description Problem: FORBIDDEN */
            403: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "FORBIDDEN";
                    };
                };
            };
            /** @description Problem: WEBHOOK_NOT_FOUND, NOT_FOUND */
            404: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "WEBHOOK_NOT_FOUND" | "NOT_FOUND";
                    };
                };
            };
            /** @description Problem: METHOD_NOT_ALLOWED */
            405: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    Allow: components["headers"]["Allow"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "METHOD_NOT_ALLOWED";
                    };
                };
            };
            /** @description Problem: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "PAYLOAD_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                    };
                };
            };
            /** @description Problem: TOO_MANY_REQUESTS */
            429: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "TOO_MANY_REQUESTS";
                    };
                };
            };
            /** @description Problem: REQUEST_HEADERS_TOO_LARGE */
            431: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "REQUEST_HEADERS_TOO_LARGE";
                    };
                };
            };
            /** @description Problem: INTERNAL */
            500: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "INTERNAL";
                    };
                };
            };
            /** @description Problem: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    /** @description The API version the answer is given in (`info.x-api-versions`): the one the request named, else the one its API key is pinned to, else 2026-11-23. Every answer of an operation carries it, refusals included; the refusals the gateway gives itself do not. */
                    "Plaque-Version"?: "2026-11-23" | "2026-11-28";
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "SERVICE_UNAVAILABLE";
                    };
                };
            };
        };
    };
}

/** The operations that take an `Idempotency-Key` (method and path template): the client sends one on each. */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set(["POST /partner/api-keys","POST /partner/api-keys/{id}/roll","POST /partner/plaques/{id}/buy","POST /partner/plaques/{id}/prepare","POST /partner/webhooks","POST /partner/webhooks/{id}/resend"]);
