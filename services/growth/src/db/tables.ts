import type { AdminTables } from '../admin/admin.tables.ts';
import type { AiConfigTables } from '../ai-config/ai-config.tables.ts';
import type { AskTables } from '../ask/ask.tables.ts';
import type { AuditTables } from '../audit/audit.tables.ts';
import type { AnalyticsTables } from '../analytics/analytics.tables.ts';
import type { CommerceTables } from '../commerce/commerce.tables.ts';
import type { CrisisTables } from '../crisis/crisis.tables.ts';
import type { EntitlementsTables } from '../entitlements/entitlements.tables.ts';
import type { CmsTables } from '../cms/cms.tables.ts';
import type { ExploreTables } from '../explore/explore.tables.ts';
import type { GrowthPlansTables } from '../growth-plans/growth-plans.tables.ts';
import type { MoodsTables } from '../moods/moods.tables.ts';
import type { ScalesTables } from '../scales/scales.tables.ts';
import type { IdentityTables } from '../identity/identity.tables.ts';
import type { ProfilesTables } from '../profiles/profiles.tables.ts';
import type { UsersTables } from '../users/users.tables.ts';
import type { ReportsTables } from '../reports/reports.tables.ts';
import type { SafetyCatalogTables } from '../safety/safety-catalog.tables.ts';
import type { SynastryTables } from '../synastry/synastry.tables.ts';
import type { ImageCardsTables } from '../image-cards/image-cards.tables.ts';

/**
 * The whole schema as Kysely sees it: each feature declares its tables beside its code and is listed here.
 * Add one `extends` entry per feature.
 */
export interface Database
  extends
    IdentityTables,
    AdminTables,
    AuditTables,
    ProfilesTables,
    AnalyticsTables,
    CrisisTables,
    UsersTables,
    EntitlementsTables,
    CommerceTables,
    ReportsTables,
    ScalesTables,
    MoodsTables,
    GrowthPlansTables,
    ExploreTables,
    CmsTables,
    SynastryTables,
    AskTables,
    SafetyCatalogTables,
    AiConfigTables,
    ImageCardsTables {}
