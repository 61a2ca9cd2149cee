// Written by `npm run openapi` (lib/http/write-openapi-document.ts) with openapi-typescript from the component schemas
// of the published OpenAPI document: do not edit; rerun it after changing a schema (npm test says when).
export type paths = Record<string, never>;
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
            token_id: string | null;
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
                token_id: string | null;
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
                token_id: string | null;
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
                token_id: string | null;
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
                token_id: string | null;
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
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
