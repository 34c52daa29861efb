import type { trendEn } from './trend.en';

/** Vietnamese strings of the month trend chart; typed against the English keys. */
export const trendVi: Record<keyof typeof trendEn, string> = {
  'trend.heading': 'Xu hướng trong tháng',
  'trend.title': '{kpi}: thực đạt lũy kế so với đường thẳng tới chỉ tiêu tháng',
  'trend.kpi.label': 'Chỉ số hiển thị',
  'trend.kpi.gsv': 'GSV',
  'trend.kpi.eco': 'ECO',
  'trend.kpi.productiveCalls': 'PC',
  'trend.kpi.bills': 'Hóa đơn',
  'trend.period.label': 'Tháng',
  'trend.period.mtd': 'Tháng này',
  'trend.period.lm': 'Tháng trước',
  'trend.summary':
    '{kpi}: {actual} tính đến {date}, so với {expected} theo đường thẳng tới chỉ tiêu tháng {target} (đạt {achieved}% chỉ tiêu). {status}',
  'trend.status.ahead': 'Đang vượt đường tiến độ.',
  'trend.status.behind': 'Đang chậm hơn đường tiến độ.',
  'trend.summary.noTarget':
    '{kpi}: {actual} tính đến {date}. Không có chỉ tiêu tháng nên không có đường để so sánh.',
  'trend.summary.empty': 'Tháng này chưa có số liệu.',
  'trend.legend.actual': 'Thực đạt lũy kế (đường liền, có chấm)',
  'trend.legend.target': 'Đường thẳng tới chỉ tiêu (nét đứt)',
  'trend.today': 'Hôm nay',
  'trend.table.show': 'Xem số liệu theo ngày',
  'trend.table.caption': '{kpi} theo ngày',
  'trend.table.date': 'Ngày',
  'trend.table.daily': 'Trong ngày',
  'trend.table.cumulative': 'Lũy kế',
  'trend.table.expected': 'Theo đường thẳng',
  'trend.point': '{date}: {value}',
  'trend.loading': 'Đang tải xu hướng…',
  'trend.error': 'Không tải được xu hướng. Vui lòng thử lại.',
  'trend.retry': 'Thử lại',
} as const;
