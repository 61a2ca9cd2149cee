// Template assertions for both stages: the suites below share one synthesis of the app (it dominates the test time).
import './api.suite.ts';
import './payload-limit.suite.ts';
import './firewall.suite.ts';
import './functions.suite.ts';
import './data.suite.ts';
import './deployments.suite.ts';
import './nag.suite.ts';
import './catalog-snapshot.suite.ts';
import './webhooks.suite.ts';
import './code-mail.suite.ts';
import './dashboard.suite.ts';
import './plaque-reads.suite.ts';
import './tokens.suite.ts';
import './stack-outputs.suite.ts';
