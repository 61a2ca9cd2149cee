// Token metadata held to the standards wallets and marketplaces read it by: the EIP-1155 metadata JSON schema and
// OpenSea's metadata standards, each written as a JSON schema next to this file and checked with ajv.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => void;
// Union types (`value`: a string or a number, as OpenSea takes traits) are what the OpenSea schema says.
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
addFormats(ajv);

const schemaFile = (name: string): object => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as object;
const validators = [ajv.compile(schemaFile('./eip-1155-metadata.schema.json')), ajv.compile(schemaFile('./opensea-metadata.schema.json'))];

/** What the metadata breaks of either standard, as `<schema>: <path> <message>` lines; empty when it keeps both. */
export function metadataViolations(metadata: unknown): string[] {
  return validators.flatMap((validate) =>
    validate(metadata)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${validate.schema && (validate.schema as { title: string }).title}: ${e.instancePath} ${e.message}`,
        ),
  );
}
