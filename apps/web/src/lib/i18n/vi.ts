import type { MessageKey } from './en';

/** Vietnamese. Typed against the English keys, so a missing or extra key fails the type check too. */
export const vi: Record<MessageKey, string> = {
  'app.name': 'Fieldforce',

  'common.loading': 'đang tải...',
  'common.skipToContent': 'Chuyển đến nội dung chính',

  'loadError.title': 'Không thể tải màn hình này',
  'loadError.body': 'Kết nối có thể chậm hoặc bị gián đoạn. Vui lòng kiểm tra mạng và thử lại.',
  'loadError.retry': 'Thử lại',

  'error.generic.title': 'Đã xảy ra lỗi',
  'error.generic.body': 'Đã xảy ra lỗi. Vui lòng thử lại sau.',
  'error.generic.reload': 'Tải lại trang',

  'language.label': 'Ngôn ngữ',
  'language.en.short': 'EN',
  'language.vi.short': 'VI',
  'language.en.name': 'English',
  'language.vi.name': 'Tiếng Việt',

  'country.id': 'Indonesia HPC',
  'country.idic': 'Indonesia IC',
  'country.vn': 'Việt Nam',
  'country.ph': 'Philippines',
  'country.th': 'Thái Lan',
  'country.pk': 'Pakistan',
  'country.bd': 'Bangladesh',

  'header.country': 'Quốc gia',
  'header.greeting': 'Xin chào, {name}',
  'header.greetingAnonymous': 'Xin chào',
  'header.signIn': 'Đăng nhập',
  'header.logout': 'Đăng xuất',
  'header.openMenu': 'Mở menu',
  'header.closeMenu': 'Đóng menu',
  'header.menu': 'Menu',
  'header.backToLanding': 'Quay lại màn hình chính',
  'header.homeLink': 'Trang chủ Fieldforce',
  'header.home': 'Trang chủ',
  'header.mainNav': 'Điều hướng chính',
  'header.noReports': 'Chưa có báo cáo nào.',

  'nav.ucube': 'UCube',
  'nav.reportsHome': 'Trang chủ Báo cáo & Phân tích',
  'nav.reports': 'Báo cáo & Phân tích',
  'nav.userManagement': 'Quản lý người dùng',
  'nav.transactionalReports': 'Báo cáo giao dịch',
  'nav.masterReports': 'Báo cáo dữ liệu gốc',
  'nav.admin': 'Quản trị',
  'nav.adminConfiguration': 'Cấu hình quản trị',
  'nav.userAccess': 'Quản lý quyền truy cập người dùng',
  'nav.taskManagement': 'Quản lý công việc',
  'nav.estimatedBestPrice': 'Giá tốt nhất ước tính',
  'nav.outletGeoCompliance': 'Tuân thủ vị trí cửa hàng',
  'nav.salesmanDeviceId': 'Cập nhật mã thiết bị nhân viên bán hàng',
  'nav.merchandizingSets': 'Bộ trưng bày',
  'nav.deviceGeoCompliance': 'Tuân thủ vị trí thiết bị',
  'nav.outletStatus': 'Trạng thái cửa hàng - Trực tuyến / Ngoại tuyến',

  'profile.open': 'Mở hồ sơ',
  'profile.title': 'Hồ sơ',
  'profile.email': 'Email',
  'profile.role': 'Vai trò',
  'profile.bsa': 'Phạm vi kinh doanh',
  'profile.dtAccess': 'Quyền truy cập NPP',
  'profile.dtAccessAll': 'Tất cả nhà phân phối',
  'profile.showAll': 'Hiện tất cả ({count})',
  'profile.showLess': 'Thu gọn',

  'auth.headline': 'Hiệu suất bán hàng, báo cáo và quản trị tại một nơi.',
  'auth.tagline':
    'Dành cho giám đốc vùng, quản lý khu vực, trưởng nhóm, nhân viên bán hàng, nhà phân phối và quản trị viên.',
  'auth.backToSignIn': 'Quay lại đăng nhập',

  'page.login.title': 'Đăng nhập',
  'page.login.lead': 'Đăng nhập bằng tài khoản công ty để tiếp tục.',
  'page.login.pending': 'Biểu mẫu đăng nhập sẽ được bổ sung cùng hạng mục đăng nhập.',
  'page.login.forgotLink': 'Quên mật khẩu?',
  'page.login.noAccount': 'Chưa có tài khoản?',
  'page.login.signupLink': 'Đăng ký',

  'page.signup.title': 'Đăng ký',
  'page.signup.lead': 'Tạo tài khoản trên cổng thông tin bằng email công việc của bạn.',
  'page.signup.pending': 'Biểu mẫu đăng ký sẽ được bổ sung cùng hạng mục đăng nhập.',

  'page.forgotPassword.title': 'Quên mật khẩu',
  'page.forgotPassword.lead': 'Đặt lại mật khẩu để truy cập lại tài khoản của bạn.',
  'page.forgotPassword.pending': 'Biểu mẫu đặt lại mật khẩu sẽ được bổ sung cùng hạng mục đăng nhập.',

  'page.landing.title': 'Trang chủ',
  'page.landing.eyebrow': 'Chào mừng',
  'page.landing.heading': 'Bạn muốn bắt đầu từ đâu?',
  'page.landing.lead': 'Chọn một khu vực của cổng thông tin.',
  'page.landing.areas': 'Khu vực',
  'page.landing.signedOut': 'Đăng nhập để xem các khu vực bạn được phép truy cập.',
  'page.landing.noAccess':
    'Tài khoản của bạn chưa được cấp quyền vào khu vực nào. Vui lòng liên hệ quản trị viên.',
  'page.landing.ucube': 'Bảng điều khiển bán hàng theo nhóm, nhà phân phối và KPI.',
  'page.landing.reports': 'Báo cáo giao dịch và báo cáo dữ liệu gốc.',
  'page.landing.userManagement': 'Người dùng, vai trò và quyền truy cập.',

  'page.homepage.title': 'UCube',
  'page.homepage.eyebrow': 'Phân tích bán hàng',
  'page.homepage.lead': 'Bảng điều khiển hiệu suất bán hàng cho các nhóm, nhà phân phối và KPI kỷ luật.',
  'page.homepage.views': 'Các chế độ xem bảng điều khiển',
  'page.homepage.noAccess': 'Tài khoản của bạn không có quyền truy cập UCube.',
  'page.homepage.signedOut': 'Đăng nhập để mở bảng điều khiển UCube.',

  'page.teamLevels.title': 'Xem theo nhóm',
  'page.teamLevels.lead': 'KPI theo từng nhóm, từ cấp của bạn lần lượt xuống từng cấp trong hệ thống.',
  'page.distributorTeamLevels.title': 'Xem theo NPP',
  'page.distributorTeamLevels.lead':
    'KPI theo từng nhà phân phối, xuống đến trưởng nhóm và nhân viên bán hàng.',
  'page.disciplinaryTeamLevels.title': 'Xem theo KPI',
  'page.disciplinaryTeamLevels.lead': 'KPI kỷ luật của các nhóm thuộc quyền quản lý của bạn.',
  'page.ucube.pending': 'Bảng điều khiển sẽ được bổ sung cùng hạng mục UCube.',

  'page.userAccess.title': 'Quản lý quyền truy cập người dùng',
  'page.userAccess.lead':
    'Quản lý người dùng, vai trò, quyền truy cập NPP và tải lên hàng loạt dữ liệu quyền truy cập.',
  'page.userAccess.pending':
    'Danh sách người dùng và chức năng tải lên hàng loạt sẽ được bổ sung cùng hạng mục quản lý quyền truy cập.',
  'page.taskManagement.title': 'Quản lý công việc',
  'page.taskManagement.lead': 'Lập kế hoạch công việc cho đội ngũ bán hàng và theo dõi tiến độ.',
  'page.taskManagement.pending': 'Chức năng quản lý công việc sẽ được bổ sung trong hạng mục riêng.',
  'page.estimatedBestPrice.title': 'Giá tốt nhất ước tính',
  'page.estimatedBestPrice.lead': 'Xem và cập nhật giá tốt nhất ước tính của sản phẩm.',
  'page.estimatedBestPrice.pending':
    'Chức năng cập nhật giá sẽ được bổ sung cùng hạng mục giá tốt nhất ước tính.',
  'page.outletGeoCompliance.title': 'Tuân thủ vị trí cửa hàng',
  'page.outletGeoCompliance.lead':
    'Bật hoặc tắt kiểm tra tuân thủ vị trí cho từng cửa hàng, xuất danh sách cửa hàng và cập nhật trạng thái hàng loạt.',
  'page.outletGeoCompliance.pending':
    'Danh sách cửa hàng, xuất dữ liệu và cập nhật hàng loạt sẽ được bổ sung cùng hạng mục tuân thủ vị trí cửa hàng.',
  'page.salesmanDeviceId.title': 'Cập nhật mã thiết bị nhân viên bán hàng',
  'page.salesmanDeviceId.lead':
    'Gán thiết bị cho nhân viên bán hàng, cập nhật hoặc xóa mã thiết bị và thiết lập kiểm tra mã thiết bị cho thị trường.',
  'page.salesmanDeviceId.pending':
    'Chức năng gán mã thiết bị và cập nhật hàng loạt sẽ được bổ sung cùng hạng mục mã thiết bị.',
  'page.merchandizingSets.title': 'Bộ trưng bày',
  'page.merchandizingSets.lead':
    'Tạo bộ và điểm trưng bày, thêm hình ảnh trưng bày và tải lên danh sách cửa hàng.',
  'page.merchandizingSets.pending':
    'Chức năng quản lý bộ và điểm trưng bày sẽ được bổ sung cùng hạng mục trưng bày.',
  'page.deviceGeoCompliance.title': 'Tuân thủ vị trí thiết bị',
  'page.deviceGeoCompliance.lead': 'Thiết lập kiểm tra tuân thủ vị trí ở cấp thiết bị.',
  'page.deviceGeoCompliance.pending':
    'Thiết lập cấp thiết bị sẽ được bổ sung cùng hạng mục tuân thủ vị trí thiết bị.',
  'page.outletStatus.title': 'Trạng thái cửa hàng - Trực tuyến / Ngoại tuyến',
  'page.outletStatus.lead':
    'Chuyển cửa hàng giữa trực tuyến và ngoại tuyến theo mã NPP và mã điểm NPP, tải lên hoặc xuất danh sách hàng loạt.',
  'page.outletStatus.pending':
    'Danh sách trạng thái cửa hàng và chức năng tải lên sẽ được bổ sung cùng hạng mục trạng thái cửa hàng.',
  'page.adminConfiguration.title': 'Cấu hình quản trị',
  'page.adminConfiguration.lead': 'Các công cụ quản trị hiện có cho {country}.',
  'page.adminConfiguration.tools': 'Công cụ quản trị',
  'page.adminConfiguration.pending':
    'Thiết lập theo quốc gia sẽ được bổ sung cùng hạng mục cấu hình quản trị.',

  'page.operationalReportsLanding.title': 'Báo cáo & Phân tích',
  'page.operationalReportsLanding.lead': 'Báo cáo giao dịch và báo cáo dữ liệu gốc cho thị trường của bạn.',
  'page.operationalReportsLanding.transactional': 'Đơn hàng, viếng thăm, khuyến mãi, nhu cầu và tồn kho.',
  'page.operationalReportsLanding.master': 'Dữ liệu gốc về sản phẩm và cửa hàng.',
  'page.reportPage.title': 'Báo cáo',
  'page.reportPage.lead': 'Tìm kiếm, lọc và tải xuống báo cáo trong khoảng thời gian tối đa 60 ngày.',
  'page.reports.pending': 'Danh sách báo cáo và nội dung báo cáo sẽ được bổ sung cùng hạng mục báo cáo.',
};
