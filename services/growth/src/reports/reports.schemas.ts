import { Type } from '@sinclair/typebox';

export const ProfileReportBody = Type.Object({ profile_id: Type.String({ format: 'uuid' }) });

export const SynastryReportBody = Type.Object({
  profile_id_a: Type.String({ format: 'uuid' }),
  profile_id_b: Type.String({ format: 'uuid', description: "a profile with relation 'other'" }),
  as_of: Type.Optional(
    Type.String({
      format: 'date',
      description: 'secondary-progression date; today in Asia/Shanghai by default',
    }),
  ),
});

export const ReportIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
