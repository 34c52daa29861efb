export { ActivityLogDialog, activityLogKey, describeChange, getActivityLog } from './activity-log';
