// Entry point of the CDK app (cdk.json runs it with tsx): `npx cdk synth`, `npx cdk deploy -c stage=staging`.
import { App } from 'aws-cdk-lib';
import { buildApp } from './build-app.ts';

const app = new App();
buildApp(app);
app.synth();
