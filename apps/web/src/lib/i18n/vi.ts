import type { MessageKey } from './en';
import { ucubeVi } from './ucube.vi';
import { trendVi } from './trend.vi';
import { reportsVi } from './reports.vi';
import { termsVi } from './terms.vi';
import { valuesVi } from './values.vi';
import { adminVi } from './admin.vi';
import { outletGeoVi } from './outlet-geo.vi';
import { trackingVi } from './tracking.vi';
import { devicesVi } from './devices.vi';
import { bestPriceVi } from './best-price.vi';
import { merchandizingVi } from './merchandizing.vi';
import { tasksVi } from './tasks.vi';
import { merchImagesVi } from './merch-images.vi';
import { userAccessVi } from './user-access.vi';
import { usageVi } from './usage.vi';
import { configVi } from './config.vi';
import { userUploadVi } from './user-upload.vi';

/** Vietnamese. Typed against the English keys, so a missing or extra key fails the type check too. */
const base: Record<
  Exclude<
    MessageKey,
    | keyof typeof ucubeVi
    | keyof typeof trendVi
    | keyof typeof reportsVi
    | keyof typeof termsVi
    | keyof typeof adminVi
    | keyof typeof valuesVi
    | keyof typeof outletGeoVi
    | keyof typeof trackingVi
    | keyof typeof devicesVi
    | keyof typeof bestPriceVi
    | keyof typeof merchandizingVi
    | keyof typeof tasksVi
    | keyof typeof merchImagesVi
    | keyof typeof userAccessVi
    | keyof typeof usageVi
    | keyof typeof configVi
    | keyof typeof userUploadVi
  >,
  string
> = {
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
  'header.openMenu': 'Mở trình đơn',
  'header.closeMenu': 'Đóng trình đơn',
  'header.menu': 'Trình đơn',
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
  'nav.adminOverview': 'Mọi công cụ quản trị và cài đặt thị trường',
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
  'page.login.forgotLink': 'Quên mật khẩu?',
  'page.login.noAccount': 'Chưa có tài khoản?',
  'page.login.signupLink': 'Đăng ký',

  'page.signup.title': 'Đăng ký',
  'page.signup.lead': 'Tạo tài khoản trên cổng thông tin bằng email công việc của bạn.',

  'page.forgotPassword.title': 'Quên mật khẩu',
  'page.forgotPassword.lead': 'Đặt lại mật khẩu để truy cập lại tài khoản của bạn.',

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

  'page.userAccess.title': 'Quản lý quyền truy cập người dùng',
  'page.userAccess.lead':
    'Quản lý người dùng, vai trò, quyền truy cập NPP và tải lên hàng loạt dữ liệu quyền truy cập.',
  'page.taskManagement.title': 'Quản lý công việc',
  'page.taskManagement.lead': 'Lập kế hoạch công việc cho đội ngũ bán hàng và theo dõi tiến độ.',
  'page.estimatedBestPrice.title': 'Giá tốt nhất ước tính',
  'page.estimatedBestPrice.lead': 'Xem và cập nhật giá tốt nhất ước tính của sản phẩm.',
  'page.outletGeoCompliance.title': 'Tuân thủ vị trí cửa hàng',
  'page.outletGeoCompliance.lead':
    'Bật hoặc tắt kiểm tra tuân thủ vị trí cho từng cửa hàng, xuất danh sách cửa hàng và cập nhật trạng thái hàng loạt.',
  'page.salesmanDeviceId.title': 'Cập nhật mã thiết bị nhân viên bán hàng',
  'page.salesmanDeviceId.lead':
    'Gán thiết bị cho nhân viên bán hàng, cập nhật hoặc xóa mã thiết bị và thiết lập kiểm tra mã thiết bị cho thị trường.',
  'page.merchandizingSets.title': 'Bộ trưng bày',
  'page.merchandizingSets.lead': 'Tạo bộ và kệ trưng bày, thêm hình ảnh kệ và tải lên danh sách cửa hàng.',
  'page.deviceGeoCompliance.title': 'Tuân thủ vị trí thiết bị',
  'page.deviceGeoCompliance.lead': 'Thiết lập kiểm tra tuân thủ vị trí ở cấp thiết bị.',
  'page.outletStatus.title': 'Trạng thái cửa hàng - Trực tuyến / Ngoại tuyến',
  'page.outletStatus.lead':
    'Chuyển cửa hàng giữa trực tuyến và ngoại tuyến theo mã NPP và mã điểm NPP, tải lên hoặc xuất danh sách hàng loạt.',
  'page.adminConfiguration.title': 'Cấu hình quản trị',
  'page.adminConfiguration.lead': 'Các công cụ quản trị hiện có cho {country}.',
  'page.adminConfiguration.loading': 'Đang tải các công cụ quản trị…',
  'page.adminConfiguration.error': 'Không tải được các công cụ quản trị của bạn.',
  'page.adminConfiguration.retry': 'Thử lại',
  'page.adminConfiguration.tools': 'Công cụ quản trị',

  'page.operationalReportsLanding.title': 'Báo cáo & Phân tích',
  'page.operationalReportsLanding.lead': 'Báo cáo giao dịch và báo cáo dữ liệu gốc cho thị trường của bạn.',
  'page.operationalReportsLanding.transactional': 'Đơn hàng, viếng thăm, khuyến mãi, nhu cầu và tồn kho.',
  'page.operationalReportsLanding.master': 'Dữ liệu gốc về sản phẩm và cửa hàng.',
  'page.reportPage.title': 'Báo cáo',
  'page.reportPage.lead': 'Tìm kiếm, lọc và tải xuống báo cáo trong khoảng thời gian tối đa 60 ngày.',

  'common.cancel': 'Hủy',
  'offline.notice':
    'Bạn đang ngoại tuyến. Nội dung trên màn hình vẫn giữ nguyên; số liệu mới sẽ tải khi có kết nối trở lại.',
  'common.close': 'Đóng',
  'common.retry': 'Thử lại',
  'common.required': 'Bắt buộc',
  'checklist.find': 'Tìm trong {what}',
  'checklist.findPlaceholder': 'Tìm…',
  'checklist.noMatch': 'Không có mục nào phù hợp.',
  'checklist.noneChosen': 'Chưa chọn mục nào',
  'checklist.chosen': 'Đã chọn {count}, tối đa {max}',
  'checklist.clear': 'Bỏ chọn',
  'checklist.clearLabel': 'Bỏ chọn {what}',
  'form.email': 'Email',
  'form.password': 'Mật khẩu',
  'form.showPassword': 'Hiện mật khẩu',
  'form.hidePassword': 'Ẩn mật khẩu',
  'form.newPassword': 'Mật khẩu mới',
  'form.confirmPassword': 'Xác nhận mật khẩu mới',
  'form.passwordHint': 'Ít nhất {min} ký tự. Một cụm mật khẩu dài dễ nhớ hơn và khó đoán hơn.',
  'form.emailRequired': 'Nhập địa chỉ email của bạn.',
  'form.emailInvalid': 'Nhập một địa chỉ email hợp lệ.',
  'form.passwordRequired': 'Nhập mật khẩu của bạn.',
  'form.passwordTooShort': 'Dùng ít nhất {min} ký tự.',
  'form.passwordTooLong': 'Dùng tối đa {max} ký tự.',
  'form.passwordMismatch': 'Mật khẩu không khớp.',
  'form.codeInvalid': 'Nhập mã gồm 6 chữ số.',
  'form.required': 'Vui lòng điền trường này.',
  'msg.invalidCredentials': 'Email hoặc mật khẩu không đúng.',
  'msg.maxDevices':
    'Bạn chỉ có thể đăng nhập trên tối đa 10 thiết bị. Lần đăng nhập mới sẽ đăng xuất phiên sớm nhất, vì vậy thiết bị này đã bị đăng xuất.',
  'msg.passwordExpired': 'Mật khẩu của bạn đã quá 90 ngày và phải được thay đổi.',
  'msg.enrolmentExpiry': 'Phiên đăng ký thiết bị di động hết hạn sau 5 phút.',
  'msg.passwordExpiryWarning': 'Mật khẩu của bạn sắp hết hạn. Vui lòng đặt lại trong vòng {days} ngày.',
  'msg.sessionEnded': 'Phiên làm việc của bạn đã kết thúc. Vui lòng đăng nhập lại.',
  'msg.signedOut': 'Bạn đã bị đăng xuất khỏi thiết bị này.',
  'msg.invalidCode': 'Mã không hợp lệ hoặc đã hết hạn.',
  'msg.codeSent': 'Nếu có tài khoản với email này, một mã đã được gửi đến đó.',
  'msg.genericFailure': 'Đã xảy ra lỗi. Vui lòng đăng nhập lại',
  'msg.rateLimited': 'Quá nhiều lần thử. Vui lòng chờ một phút rồi thử lại.',
  'msg.network': 'Không thể kết nối máy chủ. Kiểm tra kết nối mạng và thử lại.',
  'msg.noMarketAccess': 'Bạn không có quyền truy cập thị trường này.',
  'msg.noHierarchyPlace': 'Bạn không có vị trí trong cơ cấu bán hàng của thị trường này.',
  'msg.outsideScope': 'Mục này nằm ngoài phạm vi của bạn.',
  'msg.ssoUnavailable': 'Đăng nhập một lần hiện không khả dụng. Hãy đăng nhập bằng email và mật khẩu.',
  'msg.waitSeconds': 'Quá nhiều lần thử. Vui lòng thử lại sau {seconds} giây.',
  'msg.invalidInput': 'Một số thông tin bạn nhập không hợp lệ. Hãy kiểm tra rồi thử lại.',
  'msg.forbidden': 'Bạn không có quyền truy cập mục này.',
  'msg.notFound': 'Không tìm thấy nội dung bạn yêu cầu.',
  'msg.field.notCurrentPassword': 'Đó không phải mật khẩu hiện tại của bạn.',
  'msg.field.sameAsCurrent': 'Mật khẩu mới phải khác mật khẩu hiện tại.',
  'msg.field.noPassword': 'Tài khoản này chưa có mật khẩu; hãy dùng “Quên mật khẩu?”.',
  'msg.field.currentCodeRequired': 'Nhập mã từ ứng dụng xác thực hiện tại của bạn.',
  'msg.field.invitationInvalid': 'Email hoặc mã mời không hợp lệ.',
  'msg.field.passwordCommon': 'Mật khẩu này quá phổ biến; hãy chọn mật khẩu khó đoán hơn.',
  'msg.field.passwordIsEmail': 'Mật khẩu không được trùng với địa chỉ email.',
  'msg.field.passwordMin': 'Mật khẩu phải có ít nhất {count} ký tự.',
  'msg.field.passwordMax': 'Mật khẩu chỉ được tối đa {count} ký tự.',
  'msg.tryAgain': 'Đã xảy ra lỗi. Vui lòng thử lại sau',
  'page.login.submit': 'Đăng nhập',
  'page.login.submitting': 'Đang đăng nhập…',
  'page.login.or': 'hoặc',
  'page.login.sso': 'Tiếp tục với SSO',
  'page.login.ssoNotConfigured': 'SSO chưa được cấu hình',
  'page.login.otpLink': 'Yêu cầu OTP',
  'page.login.otpTitle': 'Đăng nhập bằng mã dùng một lần',
  'page.login.otpLead':
    'Chúng tôi sẽ gửi mã 6 chữ số đến email công việc của bạn. Mã chỉ dùng một lần, trong 10 phút.',
  'page.login.otpSend': 'Gửi mã qua email',
  'page.login.otpCode': 'Mã trong email',
  'page.login.otpVerify': 'Đăng nhập bằng mã',
  'page.login.usePassword': 'Đăng nhập bằng mật khẩu',
  'page.login.mfaTitle': 'Xác minh hai bước',
  'page.login.mfaLead': 'Nhập mã 6 chữ số mà ứng dụng xác thực hiển thị cho Fieldforce.',
  'page.login.mfaCode': 'Mã xác thực',
  'page.login.mfaVerify': 'Xác minh và đăng nhập',
  'page.login.deviceCap':
    'Bạn chỉ có thể đăng nhập trên tối đa 10 thiết bị; lần đăng nhập mới sẽ đăng xuất phiên sớm nhất.',
  'page.forgotPassword.sendCode': 'Gửi mã qua email',
  'page.forgotPassword.code': 'Mã trong email',
  'page.forgotPassword.signOutOthers': 'Đăng xuất tôi trên mọi thiết bị',
  'page.forgotPassword.submit': 'Đặt mật khẩu mới',
  'page.forgotPassword.done': 'Mật khẩu của bạn đã được thay đổi. Vui lòng đăng nhập bằng mật khẩu mới.',
  'page.forgotPassword.otherEmail': 'Dùng email khác',
  'page.signup.email': 'Email công việc',
  'page.signup.invitationCode': 'Mã mời',
  'page.signup.invitationHint': 'Mã trong email mời của bạn.',
  'page.signup.submit': 'Kích hoạt tài khoản',
  'page.signup.enrolTitle': 'Thiết lập ứng dụng xác thực',
  'page.signup.enrolLead': 'Quét mã QR bằng ứng dụng xác thực, sau đó nhập mã 6 chữ số mà ứng dụng hiển thị.',
  'page.signup.qrLabel': 'Mã QR cho ứng dụng xác thực của bạn',
  'page.signup.secret': 'Không quét được? Hãy nhập khóa này: {secret}',
  'page.signup.verify': 'Hoàn tất kích hoạt',
  'page.signup.done': 'Tài khoản của bạn đã được kích hoạt. Vui lòng đăng nhập.',
  'session.loading': 'Đang tải hồ sơ của bạn…',
  'session.profileError': 'Không thể tải hồ sơ của bạn.',
  'changePassword.title': 'Đổi mật khẩu',
  'changePassword.current': 'Mật khẩu hiện tại',
  'changePassword.signOutOthers': 'Đăng xuất tôi khỏi các thiết bị khác',
  'changePassword.submit': 'Đổi mật khẩu',
  'changePassword.done': 'Mật khẩu của bạn đã được thay đổi.',
  'profile.devices': 'Thiết bị của tôi',
  'profile.devicesCount': '{count} trên tối đa {max} thiết bị',
  'profile.thisDevice': 'Thiết bị này',
  'profile.signOutDevice': 'Đăng xuất',
  'profile.signOutNamedDevice': 'Đăng xuất {device}',
  'profile.lastSeen': 'Sử dụng lần cuối {date}',
  'profile.devicesError': 'Không thể tải danh sách thiết bị của bạn.',
  'profile.deviceName': '{browser} trên {os}',
  'profile.unknownBrowser': 'Trình duyệt không xác định',
  'profile.privateWindow': 'Cửa sổ ẩn danh',
  'mfa.title': 'Ứng dụng xác thực',
  'mfa.on': 'Đang bật: khi đăng nhập cần mã từ ứng dụng xác thực của bạn.',
  'mfa.off': 'Đang tắt: khi đăng nhập chỉ cần mật khẩu.',
  'mfa.statusError': 'Không tải được trạng thái ứng dụng xác thực của bạn.',
  'mfa.setUp': 'Thiết lập ứng dụng xác thực',
  'mfa.replace': 'Thay ứng dụng xác thực',
  'mfa.proofLead': 'Trước tiên, hãy xác nhận đó là bạn bằng mật khẩu.',
  'mfa.proofLeadReplace':
    'Trước tiên, hãy xác nhận đó là bạn bằng mật khẩu và một mã từ ứng dụng xác thực hiện tại.',
  'mfa.currentPassword': 'Mật khẩu hiện tại',
  'mfa.currentCode': 'Mã từ ứng dụng xác thực hiện tại',
  'mfa.wrongPassword': 'Đó không phải mật khẩu hiện tại của bạn.',
  'mfa.continue': 'Tiếp tục',
  'mfa.scanLead': 'Quét mã QR bằng ứng dụng xác thực mới, sau đó nhập mã 6 chữ số mà ứng dụng hiển thị.',
  'mfa.newCode': 'Mã từ ứng dụng xác thực mới',
  'mfa.confirm': 'Xác nhận và bật',
  'mfa.afterNote':
    'Khi bạn xác nhận, các thiết bị khác của bạn sẽ bị đăng xuất và chúng tôi sẽ gửi thông báo qua email.',
  'mfa.done':
    'Đã thiết lập ứng dụng xác thực. Các thiết bị khác của bạn đã bị đăng xuất và một thông báo đã được gửi qua email.',
  'salesmanBg.open': 'Thêm thông tin NVBH',
  'salesmanBg.title': 'Gán nhóm kinh doanh (BG) cho nhân viên bán hàng',
  'salesmanBg.body':
    'Chức năng tải lên ánh xạ nhóm kinh doanh của nhân viên bán hàng chưa có trên cổng thông tin. Để thay đổi ánh xạ ngay bây giờ, vui lòng liên hệ bộ phận hỗ trợ.',
  'dateField.placeholder': 'dd/mm/yyyy',
  'dateField.format': 'Ngày/tháng/năm, ví dụ 24/11/2026.',
  'dateField.pick': 'Mở lịch',
  'dateField.invalid': 'Nhập ngày theo dạng ngày/tháng/năm, ví dụ 24/11/2026.',
  'dateField.notBefore': 'Chọn ngày từ {min} trở đi.',
  'dateField.notAfter': 'Chọn ngày không sau {max}.',
  'dateRange.legend': 'Khoảng thời gian',
  'dateRange.from': 'Từ ngày',
  'dateRange.to': 'Đến ngày',
  'dateRange.quick': 'Chọn nhanh',
  'dateRange.last7': '7 ngày qua',
  'dateRange.last30': '30 ngày qua',
  'dateRange.last60': '60 ngày qua',
  'dateRange.rule.format': 'Nhập cả hai ngày theo dạng ngày/tháng/năm, ví dụ 24/11/2026.',
  'dateRange.rule.order': 'Ngày bắt đầu phải trước hoặc trùng ngày kết thúc.',
  'dateRange.rule.dataStart': 'Dữ liệu chỉ có từ ngày 01/10/2023.',
  'dateRange.rule.maxDays': 'Chọn tối đa {max} ngày (khoảng này có {days} ngày).',
  'dateRange.rule.future': 'Ngày kết thúc không được ở tương lai.',
  'download.csv': 'Tải CSV',
  'download.xlsx': 'Tải XLSX',
  'download.labelled': '{label} (tệp {format})',
  'download.runningCsv': 'Đang tải CSV…',
  'download.runningXlsx': 'Đang tải XLSX…',
  'download.progress': 'Đã nhận {received}',
  'download.progressOf': '{received} trên {total}',
  'download.rows': 'khoảng {rows} dòng',
  'download.preparing': 'Đang chuẩn bị {rows} dòng…',
  'download.cancel': 'Hủy',
  'download.continue': 'Tiếp tục',
  'download.done': 'Đã tải xuống {file}',
  'download.interrupted': 'Quá trình tải xuống bị gián đoạn. Vui lòng thử lại',
  'download.userLimit':
    'Bạn đang có {count} lượt tải xuống chưa xong. Hãy đợi một lượt hoàn tất rồi thử lại.',
  'download.serverLimit': 'Máy chủ đang bận với các lượt tải xuống khác. Vui lòng thử lại sau một phút.',
  'download.capTitle': 'Tệp tải xuống lớn',
  'download.capRestricted': 'Chỉ được tải xuống {cap} bản ghi đầu tiên.',
  'download.capCount': 'Có {total} bản ghi khớp với bộ lọc; tệp sẽ chứa {cap} bản ghi đầu tiên.',
  'reports.filters': 'Bộ lọc báo cáo',
  'reports.filter.outletId': 'Mã cửa hàng',
  'reports.filter.customerCode': 'Mã khách hàng',
  'reports.filter.skuId': 'Mã SKU',
  'reports.filter.itemCode': 'Mã sản phẩm',
  'reports.filter.productName': 'Tên sản phẩm',
  'reports.filter.generic': 'Tìm kiếm',
  'reports.search.hintDigits': 'Chỉ nhập chữ số. Tối đa 10 giá trị, cách nhau bằng dấu phẩy.',
  'reports.search.hintAlphanumeric':
    'Chỉ nhập chữ cái và chữ số. Tối đa 10 giá trị, cách nhau bằng dấu phẩy.',
  'reports.search.hintAnything': 'Nhập bất kỳ nội dung nào. Tối đa 10 giá trị, cách nhau bằng dấu phẩy.',
  'reports.search.tooMany': 'Mỗi lần chỉ tìm tối đa {max} giá trị cách nhau bằng dấu phẩy.',
  'reports.apply': 'Áp dụng',
  'reports.reset': 'Đặt lại',
  'reports.leadMaster': 'Tìm kiếm, sắp xếp và tải xuống dữ liệu gốc của thị trường bạn.',
  'reports.leadMasterBrowse': 'Sắp xếp, xem từng trang và tải xuống dữ liệu gốc của thị trường bạn.',
  'reports.unknown':
    'Báo cáo này không khả dụng. Hãy chọn một báo cáo trong mục Báo cáo giao dịch hoặc Báo cáo dữ liệu gốc.',
  'reports.loading': 'Đang tải báo cáo…',
  'reports.listLoading': 'Đang tải danh sách báo cáo…',
  'reports.results': 'Kết quả báo cáo',
  'reports.tableCaption': 'Các dòng của {report}',
  'reports.yes': 'Có',
  'reports.no': 'Không',
  'reports.error': 'Không thể tải báo cáo.',
  'reports.about.productMaster': 'Mỗi điểm phân phối bán những sản phẩm nào, với giá bao nhiêu?',
  'reports.about.outletMaster': 'Thị trường có những cửa hàng nào, ở đâu, và thuộc tuyến của ai?',
  'reports.about.visitSummary':
    'Mỗi nhân viên bán hàng đã ghé những cửa hàng nào, chuyến ghé có theo kế hoạch và hiệu quả không, và đã bán được gì?',
  'reports.about.promotionStatus':
    'Khách hàng nào đủ điều kiện cho các khuyến mãi trong khoảng thời gian, và họ đã sử dụng chưa?',
  'reports.about.demandCapture': 'Cửa hàng đã yêu cầu những gì mà nhân viên bán hàng ghi nhận là nhu cầu?',
  'reports.about.orderLoss': 'Những đơn hàng nào bị mất, trị giá bao nhiêu và vì sao?',
  'reports.about.inventoryStatus': 'Mỗi điểm phân phối tồn kho bao nhiêu cho từng sản phẩm?',
  'reports.about.tracking':
    'Hôm nay từng nhân viên bán hàng đang ở đâu, đã ghé những cửa hàng nào và ngày làm việc ra sao?',
};

export const vi: Record<MessageKey, string> = {
  ...base,
  ...ucubeVi,
  ...trendVi,
  ...reportsVi,
  ...termsVi,
  ...valuesVi,
  ...adminVi,
  ...outletGeoVi,
  ...trackingVi,
  ...devicesVi,
  ...bestPriceVi,
  ...merchandizingVi,
  ...tasksVi,
  ...merchImagesVi,
  ...userAccessVi,
  ...usageVi,
  ...configVi,
  ...userUploadVi,
};
