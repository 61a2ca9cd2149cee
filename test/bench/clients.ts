// The AWS and chain clients a function may carry: how the bench builds each into a function's own floor, which of them
// a function's manifest access declares, and which a built bundle holds (test/infra/bundles.test.ts holds that a
// bundle carries none it does not declare).
import type { FunctionAccess } from '#lib/http/function-access.ts';
import type { BuiltBundle } from '../../infra/bundling.ts';

/** Clients beyond the table, each with a file that shows it is in a bundle and the smallest use that loads it. */
export const CLIENTS = {
  ses: {
    label: 'SES',
    marker: 'node_modules/@aws-sdk/client-sesv2/',
    imports: "import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';",
    use: 'new SESv2Client({}).send(new SendEmailCommand({}))',
  },
  s3: {
    label: 'S3',
    marker: 'node_modules/@aws-sdk/client-s3/',
    imports: "import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';",
    use: 'new S3Client({}).send(new PutObjectCommand({ Bucket: "b", Key: "k" }))',
  },
  sqs: {
    label: 'SQS',
    marker: 'node_modules/@aws-sdk/client-sqs/',
    imports: "import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';",
    use: 'new SQSClient({}).send(new SendMessageBatchCommand({ QueueUrl: "q", Entries: [] }))',
  },
  kms: {
    label: 'KMS',
    marker: 'node_modules/@aws-sdk/client-kms/',
    imports: "import { KMSClient, EncryptCommand } from '@aws-sdk/client-kms';",
    use: 'new KMSClient({}).send(new EncryptCommand({ KeyId: "k", Plaintext: new Uint8Array() }))',
  },
  apiGateway: {
    label: 'API Gateway',
    marker: 'node_modules/@aws-sdk/client-api-gateway/',
    imports: "import { APIGatewayClient, CreateApiKeyCommand } from '@aws-sdk/client-api-gateway';",
    use: 'new APIGatewayClient({}).send(new CreateApiKeyCommand({}))',
  },
  hdWallet: {
    label: 'HD wallet',
    marker: 'node_modules/@scure/bip32/',
    imports:
      "import { mnemonicToSeedSync } from '@scure/bip39'; import { HDKey, privateKeyToAddress } from 'viem/accounts'; import { toHex } from 'viem';",
    use: 'privateKeyToAddress(toHex(HDKey.fromMasterSeed(mnemonicToSeedSync(event.m)).derive(event.path).privateKey))',
  },
  chainReader: {
    label: 'chain reader',
    marker: 'node_modules/viem/_esm/actions/public/simulateContract.js',
    imports: "import { createClient, http } from 'viem'; import { readContract, simulateContract } from 'viem/actions';",
    use: 'simulateContract(createClient({ transport: http() }), event.call).then(() => readContract(createClient({ transport: http() }), event.call))',
  },
  chainSigner: {
    label: 'chain signer',
    marker: 'node_modules/viem/_esm/actions/wallet/sendRawTransaction.js',
    imports:
      "import { createClient, http } from 'viem'; import { estimateContractGas, prepareTransactionRequest, sendRawTransaction, getTransactionCount } from 'viem/actions'; import { privateKeyToAccount } from 'viem/accounts'; import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';",
    use: 'new SecretsManagerClient({}).send(new GetSecretValueCommand({})).then(async (k) => { const c = createClient({ transport: http(), account: privateKeyToAccount(k.SecretString) }); await estimateContractGas(c, event.call); await getTransactionCount(c, event.call); return c.account.signTransaction(await prepareTransactionRequest(c, event.call)).then((raw) => sendRawTransaction(c, { serializedTransaction: raw })); })',
  },
} as const;
export type ClientName = keyof typeof CLIENTS;

/** The clients a function's declared access needs, beyond the table (jose, zod, middy and the logger are its own share). */
export function declaredClients(access: FunctionAccess): ClientName[] {
  const clients: ClientName[] = [];
  if (access.sendsMail) clients.push('ses');
  // Media and the listing's catalogue snapshot are S3 objects in AWS.
  if (access.writesMedia !== undefined || access.catalogSnapshot) clients.push('s3');
  // The webhook sender's wake-ups, the delivery worker's dead letters and the mint follower's wake-ups are SQS queues in AWS.
  if (access.webhookQueue || access.readsDeliveryDeadLetters || access.wakesMintFollower) clients.push('sqs');
  if (access.webhookSecrets) clients.push('kms');
  if (access.apiKeys || access.readsKeyUsage) clients.push('apiGateway');
  if (access.walletMnemonic) clients.push('hdWallet');
  // The signer's reference loads the reader's actions too.
  if (access.chainSigner) clients.push('chainSigner');
  else if (access.chain) clients.push('chainReader');
  return clients;
}

/** The clients found in a bundle: compared with the declared ones, so an undeclared client shows. */
export function clientsIn(bundle: BuiltBundle): ClientName[] {
  const has = (name: ClientName) => bundle.inputs.some((input) => input.startsWith(CLIENTS[name].marker));
  const clients = (Object.keys(CLIENTS) as ClientName[]).filter(has);
  return clients.includes('chainSigner') ? clients.filter((name) => name !== 'chainReader') : clients;
}
