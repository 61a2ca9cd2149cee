// How a deploy reaches traffic. Every function publishes a version per change behind its `live` alias (api-function.ts).
// Production moves each alias with CodeDeploy: a canary (10 % of invocations for 5 minutes, then the rest), rolled
// back automatically when the API's 5xx alarm or the function's own error alarm fires meanwhile. Staging moves
// the alias at once: CloudFormation points it at the new version in the same update.
//
// The application and its one service role stay in the stage's stack; each function's deployment group and error
// alarm live with the function, in its area's nested stack (infra/function-stacks.ts). The groups share the role:
// each would otherwise make its own with the same AWS-managed policy, a resource more per function
// (test/infra/deployments.suite.ts measures what an operation costs each stack).
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

export interface SafeDeploymentsProps {
  stage: StageConfig;
  functions: ApiFunction[];
  /** Alarms that stop and roll back a deployment in progress (the API's 5xx rate). */
  alarms: cloudwatch.IAlarm[];
  /** Where the deployment alarms notify operators (the stage's alarm topic). */
  topic: sns.ITopic;
}

export class SafeDeployments extends Construct {
  readonly application: codedeploy.LambdaApplication | undefined;
  readonly groups: codedeploy.LambdaDeploymentGroup[] = [];
  /** Each function's deployment error alarm (it rolls back that function's canary). */
  readonly errorAlarms = new Map<ApiFunction, cloudwatch.Alarm>();
  /** The one role CodeDeploy takes to move every function's alias. */
  readonly role: iam.Role | undefined;

  constructor(scope: Construct, id: string, { stage, functions, alarms, topic }: SafeDeploymentsProps) {
    super(scope, id);
    if (stage.deployment === 'all-at-once') return;
    this.application = new codedeploy.LambdaApplication(this, 'Application', { applicationName: stage.stackName });
    // The groups add AWSCodeDeployRoleForLambdaLimited to it (once: a role keeps a managed policy once).
    this.role = new iam.Role(this, 'ServiceRole', { assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com') });
    acknowledge(this.role, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason:
          'CodeDeploy shifts alias traffic with AWSCodeDeployRoleForLambdaLimited, the narrow policy AWS provides for Lambda deployments.',
      },
    ]);
    for (const fn of functions) {
      // The new version's own errors, as the canary serves them: the alias's metric, not the whole function's.
      const errors = new cloudwatch.Alarm(fn, 'DeployErrors', {
        alarmName: `${stage.stackName}-DeployErrors-${fn.node.id}`,
        alarmDescription: `${fn.handlerModule}: errors of the live alias during a deployment (rolls it back)`,
        metric: fn.live.metricErrors({ period: Duration.minutes(1), statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      errors.addAlarmAction(new SnsAction(topic));
      const group = new codedeploy.LambdaDeploymentGroup(fn, 'Deployment', {
        application: this.application,
        alias: fn.live,
        role: this.role,
        deploymentConfig: codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
        alarms: [...alarms, errors],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      this.groups.push(group);
      this.errorAlarms.set(fn, errors);
    }
  }
}
