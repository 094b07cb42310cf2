import { z } from 'zod'

/** Shop days are Asia/Kolkata days (UTC+05:30, no daylight saving). */
export const IST_OFFSET_MINUTES = 330
export const DASHBOARD_SERIES_DAYS = 30

/**
 * The sellers' money as the marketplace sees it (issue 28), in rupees: owed (on hold, payable,
 * in payout), paid out and earned this month, and for last month and this one the TCS and TDS
 * held for sellers with the day each must be paid over (YYYY-MM-DD).
 */
export const settlementsOverview = z.object({
  onHold: z.number(),
  payable: z.number(),
  inPayout: z.number(),
  paidThisMonth: z.number(),
  /** Commission and closing fees (GST excluded), net of what returns gave back. */
  commissionThisMonth: z.number(),
  taxes: z.array(
    z.object({
      /** YYYY-MM. */
      month: z.string(),
      tcs: z.number(),
      tcsDueOn: z.string(),
      tds: z.number(),
      tdsDueOn: z.string(),
    }),
  ),
})
export type SettlementsOverview = z.infer<typeof settlementsOverview>

export const dashboardStats = z.object({
  ordersToday: z.number().int(),
  ordersThisMonth: z.number().int(),
  /** Rupees. */
  revenueToday: z.number(),
  revenueThisMonth: z.number(),
  /** One point per shop day, oldest first, zeros included; `date` is YYYY-MM-DD. */
  revenueSeries: z.array(z.object({ date: z.string(), revenue: z.number() })),
  pendingVendors: z.object({
    count: z.number().int(),
    latest: z.array(z.object({ _id: z.uuid(), userName: z.string(), email: z.string() })),
  }),
  lowStock: z.array(z.object({ _id: z.uuid(), title: z.string(), totalStock: z.number().int() })),
  /** Parcels late today (see LATE_REASONS), in all and by reason. */
  lateShipments: z.object({
    count: z.number().int(),
    notShipped: z.number().int(),
    notDelivered: z.number().int(),
  }),
  /** Issue 18: returns and refunds waiting, and those past their promised days. */
  returnsAndRefunds: z.object({
    openReturns: z.number().int(),
    overdueReturns: z.number().int(),
    pendingRefunds: z.number().int(),
    failedRefunds: z.number().int(),
    overdueRefunds: z.number().int(),
  }),
  settlements: settlementsOverview,
  /** Issue 30.7: complaints waiting on the shop, and those past a due date (decision 071). */
  grievances: z.object({ open: z.number().int(), overdue: z.number().int() }),
  latestMessages: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
})
export type DashboardStats = z.infer<typeof dashboardStats>
export const dashboardResponse = z.object({ success: z.literal(true), data: dashboardStats })
export type DashboardResponse = z.infer<typeof dashboardResponse>
