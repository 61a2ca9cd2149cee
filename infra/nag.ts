// cdk-nag acknowledgements: every accepted finding is recorded on the construct it concerns, with its reason.
import { Validations, type Acknowledgment } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Shortest reason accepted: a finding is acknowledged with an explanation, not a shrug. */
const MIN_REASON_LENGTH = 20;

/**
 * Acknowledges cdk-nag findings on `scope` and everything below it. Findings with several instances
 * (IAM5) are acknowledged one by one: `AwsSolutions-IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, acknowledgments: Acknowledgment[]): void {
  for (const { id, reason } of acknowledgments) {
    if (reason.trim().length < MIN_REASON_LENGTH) throw new Error(`acknowledging ${id} on ${scope.node.path} needs a written reason`);
  }
  Validations.of(scope).acknowledge(...acknowledgments);
}
