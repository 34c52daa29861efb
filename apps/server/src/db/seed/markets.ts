/**
 * What makes each market's demo data look local: real city centres (points are jittered a few km
 * around them) with their districts and streets, people's names, distributors' trading names, shop
 * names that say what kind of shop it is, address formats, public holidays, the weekly day off, the
 * currency (US dollar rate and price rounding) and how much a salesperson sells there.
 */
import type { CountryCode } from '@fieldforce/contracts';
import type { Rng } from './prng.js';

export interface City {
  name: string;
  region: string;
  lat: number;
  lng: number;
  /** Radius in km that outlets spread over. */
  radiusKm: number;
  /** Districts (wards, barangays, khet, thanas) used in addresses and site names. */
  districts: readonly string[];
  /** Real street names of the city, used in outlet addresses. */
  streets: readonly string[];
}

export interface NameGroup {
  given: readonly string[];
  /** Middle names that go with these given names (Vietnamese middle names are gendered). */
  middle?: readonly string[];
  /** Family names for this group when they differ (Bangladeshi women's Akter and Begum). */
  family?: readonly string[];
}

export interface PeopleNames {
  /** Men's names first, then women's: shop names with an honorific ("Cô", "Aling") pick the right one. */
  groups: readonly [men: NameGroup, women: NameGroup];
  family: readonly string[];
  /** How a full name is composed. */
  format: (given: string, family: string, middle: string) => string;
}

/** The parts of an outlet address; `rng` draws house numbers in the local style. */
export interface AddressParts {
  rng: Rng;
  street: string;
  district: string;
  city: string;
}

export interface MarketProfile {
  cities: readonly City[];
  names: PeopleNames;
  /**
   * Outlet names by outlet subtype, else by outlet type, so a name says what the shop is (a
   * "Nhà thuốc" is a pharmacy). Placeholders: {given} (any), {he} and {she} (a man's or woman's
   * given name, after an honorific), {family}, {district}, {street}, {n}.
   */
  outletNames: Readonly<Record<string, readonly string[]>>;
  /**
   * Distributors: a legal form ({name} is replaced) and a trading name drawn without repeats, so no
   * two distributors of a market share a name.
   */
  distributors: { forms: readonly string[]; names: readonly string[] };
  address: (parts: AddressParts) => string;
  /** ISO day of week with no field work (bd works Saturday to Thursday). */
  weeklyOff: number;
  /** US dollars to local currency, and the step prices are rounded to. */
  usdRate: number;
  priceStep: number;
  /**
   * What a salesperson sells here relative to Vietnam (1 = about US$27,000 a month for a general
   * trade salesperson on target): lower where incomes and basket sizes are lower.
   */
  salesScale: number;
  /** Public holidays (approximate for lunar and Islamic calendars), YYYY-MM-DD. */
  holidays: readonly string[];
  /** Which BSA the market's salesmen sell under, with weights. */
  bsaMix: readonly [string, number][];
  sellsIceCream: boolean;
  sellsHomeAndPersonalCare: boolean;
  /** Leading digit of the market's numeric outlet (customer) codes. */
  outletCodePrefix: string;
}

/** A compact word list: 'a|b|c'. */
const list = (words: string): readonly string[] => words.split('|');

const range = (from: string, days: number): string[] => {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
};
const yearly = (monthDays: readonly string[], years = [2023, 2024, 2025, 2026, 2027]) =>
  years.flatMap((y) => monthDays.map((md) => `${y}-${md}`));

const VN_NAMES: PeopleNames = {
  family: list(
    'Nguyễn|Trần|Lê|Phạm|Hoàng|Huỳnh|Phan|Vũ|Võ|Đặng|Bùi|Đỗ|Hồ|Ngô|Dương|Lý|Trương|Đinh|Lâm|Mai|Tạ|Cao|Trịnh|Đoàn',
  ),
  groups: [
    {
      middle: list('Văn|Hữu|Đức|Minh|Quốc|Thanh|Hoàng|Gia|Công|Tấn|Duy'),
      given: list(
        'An|Bình|Dũng|Hải|Hiếu|Hùng|Khánh|Long|Nam|Phong|Phúc|Quân|Quang|Sơn|Thắng|Trung|Tuấn|Đạt|Khoa|Huy|Tùng|Cường|Tài|Thành|Vinh|Lộc|Nghĩa|Toàn',
      ),
    },
    {
      middle: list('Thị|Ngọc|Thu|Kim|Mỹ|Thùy|Bảo|Phương|Thanh'),
      given: list(
        'Châu|Giang|Hà|Hạnh|Hoa|Hương|Lan|Linh|Mai|Ngân|Tâm|Thảo|Trang|Vy|Yến|Nhung|Oanh|Hằng|Thủy|Nga|Dung|Anh|Huyền|Loan|Trâm|Diễm',
      ),
    },
  ],
  format: (given, family, middle) => `${family} ${middle} ${given}`,
};

const ID_NAMES: PeopleNames = {
  groups: [
    {
      given: list(
        'Agus|Budi|Fajar|Hendra|Joko|Made|Rizky|Teguh|Wahyu|Yudi|Bambang|Andi|Irfan|Yusuf|Rudi|Dedi|Hadi|Arief|Bayu|Slamet|Eko|Dimas',
      ),
    },
    {
      given: list(
        'Dewi|Gita|Indah|Kartika|Lestari|Nur|Putri|Sari|Ayu|Rina|Siti|Dian|Wulan|Maya|Fitri|Ratna|Novi|Intan|Yanti|Rahayu|Endang',
      ),
    },
  ],
  family: list(
    'Santoso|Wijaya|Saputra|Hidayat|Kusuma|Pratama|Setiawan|Nugroho|Susanto|Lubis|Siregar|Halim|Gunawan|Purnomo|Wibowo|Rahman|Hakim|Sitompul|Hutapea|Nasution|Suryadi|Firmansyah|Kurniawan|Hartono|Prasetyo|Sulistyo|Utomo|Permana|Ramadhan|Harahap',
  ),
  format: (given, family) => `${given} ${family}`,
};

const PH_NAMES: PeopleNames = {
  groups: [
    {
      given: list(
        'Jose|Juan|Mark|John Paul|Rodel|Jerome|Ramon|Paolo|Nestor|Arnel|Ricardo|Rommel|Jun|Edwin|Alvin|Dennis|Ronaldo|Reynaldo|Noel',
      ),
    },
    {
      given: list(
        'Maria|Ana|Angelica|Kristine|Mary Grace|Liza|Carmela|Joy|Rowena|Jocelyn|Maricel|Cristina|Lorna|Marites|Rachelle|Aileen|Michelle|Evangeline|Nora',
      ),
    },
  ],
  family: list(
    'Santos|Reyes|Cruz|Bautista|Ocampo|Garcia|Mendoza|Torres|Castillo|Villanueva|Ramos|Aquino|Dela Cruz|Gonzales|Navarro|Flores|Manalo|Pascual|Soriano|Dizon|Salazar|Lim|Tan|Mercado|Domingo|Gutierrez|Marquez|Del Rosario|Fernandez|Agustin',
  ),
  format: (given, family) => `${given} ${family}`,
};

const TH_NAMES: PeopleNames = {
  groups: [
    {
      given: list(
        'Somchai|Somsak|Anan|Niran|Wichai|Chaiwat|Kittisak|Thanakorn|Sakda|Surachai|Prasert|Sombat|Boonchai|Narong|Pornchai|Teerapong|Worawit|Supachai',
      ),
    },
    {
      given: list(
        'Suda|Siriporn|Kanya|Pranee|Malee|Ratana|Nattaya|Pimchanok|Jintana|Apinya|Wanida|Duangjai|Kulap|Sunisa|Araya|Chutima|Kannika|Ploy',
      ),
    },
  ],
  family: list(
    'Saetang|Wongsawat|Jaidee|Srisuk|Chaiyaphum|Boonmee|Thongchai|Rattanakorn|Kongkaew|Suwannarat|Phromma|Sukprasert|Chantarasiri|Intharawong|Srisawat|Kaewmanee|Panyasiri|Thammasat|Nakprasit|Buakaew|Somboon|Charoenphon|Maneerat|Siripong|Wattanakul|Rungrueang|Yodsuwan|Chaisiri|Petcharat|Khamsuk',
  ),
  format: (given, family) => `${given} ${family}`,
};

const PK_NAMES: PeopleNames = {
  groups: [
    {
      given: list(
        'Muhammad Ali|Ahmed|Bilal|Usman|Hamza|Imran|Faisal|Asad|Kashif|Tariq|Waqas|Adnan|Saad|Umar|Naveed|Shahid|Farhan|Junaid|Zeeshan|Rizwan|Arslan|Noman',
      ),
    },
    {
      given: list(
        'Ayesha|Fatima|Sana|Hina|Zainab|Sadia|Nadia|Rabia|Amna|Mehwish|Saima|Kiran|Sidra|Maryam|Uzma',
      ),
    },
  ],
  family: list(
    'Khan|Malik|Qureshi|Sheikh|Butt|Chaudhry|Siddiqui|Raza|Abbasi|Hussain|Iqbal|Mirza|Javed|Ansari|Akhtar|Baig|Cheema|Gill|Rana|Bhatti|Shah|Memon|Awan|Aslam|Rehman',
  ),
  format: (given, family) => `${given} ${family}`,
};

const BD_NAMES: PeopleNames = {
  groups: [
    {
      given: list(
        'Abdul Karim|Rahim|Shakil|Tanvir|Mahmudul|Rafiq|Jahangir|Kamrul|Mizanur|Arif|Sabbir|Mehedi|Habibur|Rashed|Shafiqul|Imtiaz|Anwar|Masud|Jubayer|Sohel',
      ),
      family: list(
        'Hossain|Rahman|Islam|Ahmed|Chowdhury|Uddin|Khan|Miah|Sarkar|Talukder|Haque|Alam|Biswas|Sheikh|Mollah|Bhuiyan|Mridha|Sikder|Kabir|Majumder|Karim|Siddique',
      ),
    },
    {
      given: list(
        'Farhana|Nusrat|Sumaiya|Anika|Sharmin|Rubina|Taslima|Shirin|Nasrin|Moushumi|Tahmina|Rokeya|Sadia|Laboni|Fahmida|Jannatul',
      ),
      family: list('Akter|Begum|Khatun|Rahman|Islam|Chowdhury|Hossain|Sultana|Haque|Ahmed|Khan|Parvin'),
    },
  ],
  family: list('Hossain|Rahman|Islam|Ahmed|Chowdhury|Khan|Haque'),
  format: (given, family) => `${given} ${family}`,
};

/**
 * One city per line: name; region; latitude; longitude; spread in km; districts; streets (each
 * list comma-separated).
 */
function cities(table: string): City[] {
  return table
    .trim()
    .split('\n')
    .map((line) => {
      const [name = '', region = '', lat, lng, radius, districts = '', streets = ''] = line
        .split(';')
        .map((s) => s.trim());
      const parts = (s: string) => s.split(',').map((d) => d.trim());
      return {
        name,
        region,
        lat: Number(lat),
        lng: Number(lng),
        radiusKm: Number(radius),
        districts: parts(districts),
        streets: parts(streets),
      };
    });
}

const INDONESIA_HOLIDAYS = [
  ...yearly(list('01-01|05-01|06-01|08-17|12-25')),
  ...range('2024-04-08', 8),
  ...range('2025-03-28', 10),
  ...range('2026-03-18', 7),
  ...range('2027-03-08', 5),
  ...list(
    '2024-06-17|2025-06-06|2026-05-27|2024-03-11|2025-03-29|2026-03-19|2024-02-10|2025-01-29|2026-02-17',
  ),
];

const EID = [
  ...range('2023-04-21', 3),
  ...range('2024-04-10', 3),
  ...range('2025-03-31', 3),
  ...range('2026-03-20', 3),
  ...range('2027-03-10', 3),
  ...range('2023-06-29', 2),
  ...range('2024-06-17', 2),
  ...range('2025-06-07', 2),
  ...range('2026-05-27', 2),
];

// Outlet names by subtype or type. Every subtype of organisation.ts's OUTLET_KINDS needs an entry
// here (by its own name or its type's) in every market; seed.test.ts checks both.

const VN_OUTLETS: Record<string, readonly string[]> = {
  Grocery: list('Tạp hóa {given}|Tạp hóa Cô {she}|Tạp hóa Chú {he}|Tạp hóa {family} {given}'),
  'Wet Market': list('Sạp Cô {she} - Chợ {district}|Sạp {given} - Chợ {district}'),
  Wholesaler: list('Đại lý {given}|Đại lý Bách hóa {family} {given}|Đại lý Sỉ {given}'),
  'Mini Market': list('Siêu thị Mini {given}|Siêu thị Mini {family} {given}|Minimart {given}'),
  Pharmacy: list('Nhà thuốc {given}|Nhà thuốc {family} {given}|Quầy thuốc {given}'),
  'Cosmetics Store': list('Mỹ phẩm {given}|Shop Mỹ phẩm {given}'),
  'Baby Shop': list('Shop Mẹ và Bé {given}|Cửa hàng Mẹ và Bé {given}'),
  Restaurant: list('Nhà hàng {given}|Quán Cơm {given}|Nhà hàng {family} {given}'),
  Hotel: list('Khách sạn {given}|Khách sạn {family} {given}|Nhà nghỉ {given}'),
  Cafe: list('Cà phê {given}|Quán Cà phê {given}'),
  Kiosk: list('Ki-ốt Kem {given}|Ki-ốt {given}'),
  'Primary School': list('Căng tin Trường Tiểu học {street}'),
  'High School': list('Căng tin Trường THPT {street}|Căng tin Trường THCS {street}'),
  Convenience: list('Cửa hàng Tiện lợi {given}|Cửa hàng Tiện lợi {family} {given}'),
  'Food Stall': list('Quán ăn {given}|Quán Chè {given}|Quán Bún {given}'),
};

const ID_OUTLETS: Record<string, readonly string[]> = {
  Grocery: list('Toko {given}|Toko Kelontong {given}|Toko Sembako {given}|Toko {given} Jaya'),
  'Wet Market': list('Kios Bu {she} Pasar {district}|Los {given} Pasar {district}'),
  Wholesaler: list('Toko Grosir {given}|Grosir {given} Jaya|Agen {given} {family}'),
  'Mini Market': list('Minimarket {given}|{given} Mart|Swalayan {family}'),
  Pharmacy: list('Apotek {given}|Apotek {given} Farma|Apotek Sehat {family}'),
  'Cosmetics Store': list('Toko Kosmetik {given}|{given} Kosmetik'),
  'Baby Shop': list('Toko Bayi {given}|{given} Baby Shop'),
  Restaurant: list('Rumah Makan {given}|Warung Makan Bu {she}|Rumah Makan Padang {given}'),
  Hotel: list('Hotel {given}|Penginapan {given}|Wisma {family}'),
  Cafe: list('Kedai Kopi {given}|Warkop {given}'),
  Kiosk: list('Kios Es {given}|Kios {given}'),
  'Primary School': list('Kantin SD Negeri {n} {district}'),
  'High School': list('Kantin SMA Negeri {n} {district}|Kantin SMP Negeri {n} {district}'),
  Convenience: list('{given} Mart|Toko {given} 24 Jam'),
  'Food Stall': list('Warung {given}|Warung Bakso Pak {he}|Warung Bu {she}'),
};

const PH_OUTLETS: Record<string, readonly string[]> = {
  Grocery: list(
    "{given}'s Sari-Sari Store|Aling {she}'s Sari-Sari Store|Mang {he}'s Sari-Sari Store|{family} Sari-Sari Store",
  ),
  'Wet Market': list("{given}'s Stall, {district} Public Market|{family} Stall, {district} Market"),
  Wholesaler: list('{family} Wholesale Trading|{family} General Merchandise|{given} {family} Wholesale'),
  'Mini Market': list("{family} Mini Mart|{given}'s Minimart|{family} Grocery"),
  Pharmacy: list("{family} Pharmacy|{given}'s Drugstore|{family} Botika"),
  'Cosmetics Store': list("{given}'s Beauty Shop|{family} Cosmetics"),
  'Baby Shop': list("{given}'s Baby Store|{family} Mom & Baby"),
  Restaurant: list("{family} Restaurant|Kainan ni {given}|{given}'s Grill"),
  Hotel: list('{family} Inn|{family} Pension House|{family} Hotel'),
  Cafe: list("{given}'s Cafe|{family} Coffee Shop"),
  Kiosk: list("{given}'s Kiosk|{family} Ice Cream Kiosk"),
  'Primary School': list('{district} Elementary School Canteen'),
  'High School': list('{district} National High School Canteen'),
  Convenience: list("{family} Convenience Store|{given}'s 24/7 Store"),
  'Food Stall': list("{given}'s Eatery|Aling {she}'s Carinderia|{given}'s Turo-Turo"),
};

const TH_OUTLETS: Record<string, readonly string[]> = {
  Grocery: list('Ran Khai Khong Cham {given}|Ran Je {she}|{given} Panich'),
  'Wet Market': list('Phaeng {given} Talat {district}|Phaeng Je {she} Talat {district}'),
  Wholesaler: list('{given} Kha Song|Ran Kha Song {family}|{family} Panich Kha Song'),
  'Mini Market': list('{family} Mini Mart|{given} Mart'),
  Pharmacy: list('Ran Khai Ya {given}|{given} Osot|{family} Pharmacy'),
  'Cosmetics Store': list('Ran Khrueang Samang {given}|{given} Beauty Shop'),
  'Baby Shop': list('{given} Baby Shop|Ran Mae Lae Dek {given}'),
  Restaurant: list('Ran Ahan {given}|Khrua {given}'),
  Hotel: list('{family} Hotel|{given} Mansion|{given} Resort'),
  Cafe: list('Kafae {given}|{given} Coffee'),
  Kiosk: list('Kiosk Itim {given}|Kiosk {given}'),
  'Primary School': list('Canteen Rongrian Wat {district}|Canteen Rongrian Ban {district}'),
  'High School': list('Canteen Rongrian {district} Witthaya'),
  Convenience: list('{given} Mart|{family} 24 Shop'),
  'Food Stall': list('Ran Kuaitiao {given}|Ran Khao Man Kai {given}|Ran Nam Khaeng Sai {given}'),
};

const PK_OUTLETS: Record<string, readonly string[]> = {
  Grocery: list(
    '{given} General Store|{family} Karyana Store|{given} Kiryana Store|New {family} General Store',
  ),
  'Wet Market': list('{given} Stall, {district} Bazaar|{family} Stall, {district} Market'),
  Wholesaler: list('{family} Traders|Al-{family} Wholesale|{he} & Sons Wholesale'),
  'Mini Market': list('{family} Mart|{family} Super Store|Al-{family} Mart'),
  Pharmacy: list('{family} Medical Store|{given} Pharmacy|{given} Medicos'),
  'Cosmetics Store': list('{given} Cosmetics|{family} Cosmetics Centre'),
  'Baby Shop': list('{given} Baby Shop|{family} Baby Care'),
  Restaurant: list('{family} Hotel & Restaurant|{given} Tikka House|{family} Karahi Restaurant'),
  Hotel: list('{family} Hotel|{family} Guest House'),
  Cafe: list('{given} Cafe|{family} Tea Stall'),
  Kiosk: list('{given} Kiosk|{given} Ice Cream Point'),
  'Primary School': list('{district} Public School Canteen'),
  'High School': list('Government High School {district} Canteen'),
  Convenience: list('{family} Convenience Store|{given} 24/7 Store'),
  'Food Stall': list('{given} Food Point|{given} Chaat Corner'),
};

const BD_OUTLETS: Record<string, readonly string[]> = {
  Grocery: list('{given} Store|{family} General Store|{given} Mudi Dokan|{family} Bhandar'),
  'Wet Market': list('{given} Stall, {district} Kacha Bazar|{family} Stall, {district} Bazar'),
  Wholesaler: list('{family} Traders|{family} Wholesale|M/S {given} Traders'),
  'Mini Market': list('{family} Super Shop|{given} Mini Mart'),
  Pharmacy: list('{family} Pharmacy|{given} Drug House|{given} Medical Hall'),
  'Cosmetics Store': list('{given} Cosmetics|{family} Beauty Corner'),
  'Baby Shop': list('{given} Baby Shop|{family} Baby Care'),
  Restaurant: list('{family} Hotel & Restaurant|{given} Biryani House'),
  Hotel: list('Hotel {family}|{family} Residential Hotel'),
  Cafe: list('{given} Tea Stall|{given} Cafe'),
  Kiosk: list('{given} Kiosk|{given} Ice Cream Corner'),
  'Primary School': list('{district} Government Primary School Canteen'),
  'High School': list('{district} High School Canteen'),
  Convenience: list('{given} Convenience Store|{family} Daily Needs'),
  'Food Stall': list('{given} Food Corner|{given} Fuchka Stall'),
};

const ID_DISTRIBUTORS = {
  forms: list('PT {name}|CV {name}|PT {name} Distrindo|UD {name}'),
  names: list(
    'Sinar Jaya Abadi|Mitra Sejahtera|Cahaya Makmur|Sumber Rejeki|Karya Utama|Maju Bersama|Anugerah Sentosa|Bintang Timur|Putra Mandiri|Surya Perkasa|Tunas Harapan|Berkat Lestari|Mega Niaga|Prima Sentosa|Indah Permai|Harapan Baru|Mulia Raya|Kencana Sakti|Cipta Karya|Sukses Makmur|Setia Kawan|Agung Perkasa|Dinamika Utama|Fajar Mas|Gemilang Jaya|Lancar Jaya|Sentosa Abadi|Mandiri Niaga|Budi Luhur|Sejati Makmur|Nusa Indah|Rejeki Lancar|Teguh Karya|Samudra Jaya|Eka Mitra|Dwi Sakti',
  ),
};

export const MARKETS: Record<CountryCode, MarketProfile> = {
  vn: {
    cities: cities(`
      TP. Hồ Chí Minh; Miền Nam; 10.7769; 106.7009; 7; Quận 1, Quận 3, Quận 5, Quận 7, Bình Thạnh, Gò Vấp, Tân Bình, Thủ Đức; Nguyễn Trãi, Lê Lợi, Hai Bà Trưng, Cách Mạng Tháng Tám, Nguyễn Thị Minh Khai, Điện Biên Phủ, Lê Văn Sỹ, Võ Văn Tần, Trần Hưng Đạo, Nguyễn Văn Cừ, Phan Xích Long, Hoàng Văn Thụ, Quang Trung, Lý Thường Kiệt, Huỳnh Tấn Phát, Phạm Văn Đồng, Nguyễn Oanh, Xô Viết Nghệ Tĩnh
      Hà Nội; Miền Bắc; 21.0278; 105.8342; 6; Hoàn Kiếm, Ba Đình, Đống Đa, Cầu Giấy, Hai Bà Trưng, Thanh Xuân, Long Biên; Hàng Bạc, Hàng Đào, Kim Mã, Đội Cấn, Xã Đàn, Tôn Đức Thắng, Xuân Thủy, Bạch Mai, Minh Khai, Khương Trung, Láng Hạ, Giải Phóng, Ngọc Lâm, Nguyễn Văn Cừ, Trần Duy Hưng, Chu Văn An
      Đà Nẵng; Miền Trung; 16.0544; 108.2022; 4; Hải Châu, Thanh Khê, Sơn Trà, Ngũ Hành Sơn, Liên Chiểu; Lê Duẩn, Hùng Vương, Ông Ích Khiêm, Nguyễn Văn Linh, Điện Biên Phủ, Ngô Quyền, Lê Văn Hiến, Tôn Đức Thắng, Nguyễn Lương Bằng, Hoàng Diệu
      Hải Phòng; Miền Bắc; 20.8449; 106.6881; 4; Hồng Bàng, Lê Chân, Ngô Quyền, Kiến An; Lạch Tray, Tô Hiệu, Trần Nguyên Hãn, Lê Lợi, Điện Biên Phủ, Trần Phú, Hai Bà Trưng, Văn Cao, Trần Thành Ngọ
      Cần Thơ; Miền Nam; 10.0452; 105.7469; 4; Ninh Kiều, Cái Răng, Bình Thủy, Ô Môn; Ba Tháng Hai, Nguyễn Văn Cừ, Trần Hưng Đạo, Mậu Thân, Lê Hồng Phong, Cách Mạng Tháng Tám, Võ Văn Kiệt, Hai Bà Trưng, Nguyễn Trãi
    `),
    names: VN_NAMES,
    outletNames: VN_OUTLETS,
    distributors: {
      forms: list(
        'Công ty TNHH Thương mại {name}|Công ty TNHH Phân phối {name}|Công ty CP Thương mại Dịch vụ {name}|Công ty TNHH TM-DV {name}|Công ty CP Phân phối {name}',
      ),
      names: list(
        'Phú Thịnh|Tân Hưng Phát|Hoàng Long|Minh Phát|An Khang|Thành Đạt|Hưng Thịnh|Đại Phát|Việt Tiến|Kim Ngân|Phúc Lộc|Thuận Phát|Vạn Lợi|Nam Việt|Sao Mai|Trường Thịnh|Quang Minh|Thiên Long|Hồng Phát|Bảo An|Phước Thành|Tín Nghĩa|Gia Huy|Nhật Quang|Đức Tài|Thịnh Vượng|Tân Phú|Lộc Phát|Hưng Long|Bình Minh|Phương Nam|Kim Thành|Vĩnh Hưng|Toàn Thắng|Đồng Tâm|Hợp Thành|Minh Châu|Song Long',
      ),
    },
    // 128 Nguyễn Trãi, Quận 5, TP. Hồ Chí Minh; alleys as 45/12.
    address: ({ rng, street, district, city }) =>
      `${rng.int(1, 350)}${rng.chance(0.3) ? `/${rng.int(2, 60)}` : ''} ${street}, ${district}, ${city}`,
    weeklyOff: 7,
    usdRate: 25_000,
    priceStep: 500,
    salesScale: 1,
    holidays: [
      ...yearly(list('01-01|04-30|05-01|09-02')),
      ...range('2024-02-08', 7),
      ...range('2025-01-27', 7),
      ...range('2026-02-14', 7),
      ...range('2027-02-04', 7),
      ...list('2024-04-18|2025-04-07|2026-04-26|2025-09-01|2026-09-01'),
    ],
    bsaMix: [
      ['Distributor', 0.8],
      ['New Channel', 0.2],
    ],
    sellsIceCream: true,
    sellsHomeAndPersonalCare: true,
    outletCodePrefix: '3',
  },
  id: {
    cities: cities(`
      Jakarta; Jabodetabek; -6.2088; 106.8456; 8; Menteng, Tanah Abang, Kebayoran Baru, Cempaka Putih, Tebet, Kelapa Gading, Cengkareng; Jl. Jenderal Sudirman, Jl. KH Wahid Hasyim, Jl. Kebon Sirih, Jl. Cempaka Putih Raya, Jl. Tebet Raya, Jl. Boulevard Raya, Jl. Daan Mogot, Jl. Panglima Polim, Jl. Fatmawati, Jl. Kramat Raya, Jl. Salemba Raya, Jl. Pramuka
      Surabaya; East Java; -7.2575; 112.7521; 6; Genteng, Tegalsari, Wonokromo, Rungkut, Sukolilo, Tambaksari; Jl. Tunjungan, Jl. Basuki Rahmat, Jl. Raya Darmo, Jl. Raya Rungkut, Jl. Kertajaya, Jl. Ngagel Jaya, Jl. Kapas Krampung, Jl. Dharmahusada, Jl. Diponegoro, Jl. Kedungdoro
      Bandung; West Java; -6.9175; 107.6191; 5; Coblong, Sukajadi, Cicendo, Lengkong, Buahbatu; Jl. Ir. H. Juanda, Jl. Riau, Jl. Sukajadi, Jl. Pasirkaliki, Jl. Buah Batu, Jl. Lengkong Besar, Jl. Cihampelas, Jl. Soekarno-Hatta, Jl. Setiabudi
      Medan; Sumatra; 3.5952; 98.6722; 5; Medan Baru, Medan Petisah, Medan Kota, Medan Helvetia; Jl. Gatot Subroto, Jl. Sisingamangaraja, Jl. Iskandar Muda, Jl. Gajah Mada, Jl. Setia Budi, Jl. Ahmad Yani, Jl. Kapten Muslim, Jl. Thamrin
      Semarang; Central Java; -6.9667; 110.4167; 4; Semarang Tengah, Candisari, Banyumanik, Pedurungan; Jl. Pandanaran, Jl. Pemuda, Jl. Gajah Mada, Jl. Setiabudi, Jl. Majapahit, Jl. Dr. Sutomo, Jl. Sriwijaya
    `),
    names: ID_NAMES,
    outletNames: ID_OUTLETS,
    distributors: ID_DISTRIBUTORS,
    // Jl. Tebet Raya No. 45, Tebet, Jakarta
    address: ({ rng, street, district, city }) =>
      `${street} No. ${rng.int(1, 250)}${rng.chance(0.2) ? String.fromCharCode(65 + rng.int(0, 3)) : ''}, ${district}, ${city}`,
    weeklyOff: 7,
    usdRate: 16_000,
    priceStep: 500,
    salesScale: 0.95,
    holidays: INDONESIA_HOLIDAYS,
    bsaMix: [
      ['Distributor', 0.75],
      ['New Channel', 0.25],
    ],
    sellsIceCream: false,
    sellsHomeAndPersonalCare: true,
    outletCodePrefix: '1',
  },
  idic: {
    cities: cities(`
      Jakarta; Jabodetabek; -6.2088; 106.8456; 8; Menteng, Tanah Abang, Kebayoran Baru, Kemang, Pluit, Kelapa Gading; Jl. Jenderal Sudirman, Jl. KH Wahid Hasyim, Jl. Kemang Raya, Jl. Pluit Raya, Jl. Boulevard Raya, Jl. Panglima Polim, Jl. Senopati, Jl. Kebon Kacang Raya, Jl. Tanah Abang II
      Surabaya; East Java; -7.2575; 112.7521; 6; Genteng, Gubeng, Wonokromo, Rungkut, Mulyorejo; Jl. Tunjungan, Jl. Raya Gubeng, Jl. Raya Darmo, Jl. Raya Rungkut, Jl. Mulyosari, Jl. Kertajaya, Jl. Ngagel Jaya
      Bandung; West Java; -6.9175; 107.6191; 5; Coblong, Sukajadi, Dago, Lengkong, Cibeunying; Jl. Ir. H. Juanda, Jl. Riau, Jl. Sukajadi, Jl. Lengkong Besar, Jl. Cihampelas, Jl. Dipatiukur, Jl. Cikutra
      Denpasar; Bali; -8.6705; 115.2126; 5; Denpasar Barat, Denpasar Selatan, Sanur, Kuta, Renon; Jl. Teuku Umar, Jl. Gatot Subroto, Jl. Hayam Wuruk, Jl. Danau Tamblingan, Jl. Raya Kuta, Jl. Imam Bonjol, Jl. Diponegoro
      Makassar; Sulawesi; -5.1477; 119.4327; 4; Ujung Pandang, Panakkukang, Tamalate, Rappocini; Jl. Sam Ratulangi, Jl. Ahmad Yani, Jl. AP Pettarani, Jl. Urip Sumoharjo, Jl. Veteran, Jl. Somba Opu, Jl. Perintis Kemerdekaan
    `),
    names: ID_NAMES,
    outletNames: ID_OUTLETS,
    distributors: ID_DISTRIBUTORS,
    address: ({ rng, street, district, city }) => `${street} No. ${rng.int(1, 250)}, ${district}, ${city}`,
    weeklyOff: 7,
    usdRate: 16_000,
    priceStep: 500,
    salesScale: 1.3,
    holidays: INDONESIA_HOLIDAYS,
    bsaMix: [['Ice Cream', 1]],
    sellsIceCream: true,
    sellsHomeAndPersonalCare: false,
    outletCodePrefix: '2',
  },
  ph: {
    cities: cities(`
      Manila; NCR; 14.5995; 120.9842; 5; Tondo, Sampaloc, Ermita, Malate, Santa Cruz, Paco; Rizal Ave., Recto Ave., España Blvd., Taft Ave., M.H. Del Pilar St., Quirino Ave., Pedro Gil St., Tayuman St., Juan Luna St., Mabini St., Dapitan St.
      Quezon City; NCR; 14.676; 121.0437; 6; Cubao, Diliman, Novaliches, Commonwealth, Project 4; Aurora Blvd., Commonwealth Ave., Quirino Hwy., Kamuning Road, Tomas Morato Ave., Visayas Ave., Timog Ave., P. Tuazon Blvd., Katipunan Ave., Kalayaan Ave.
      Cebu City; Visayas; 10.3157; 123.8854; 5; Lahug, Mabolo, Guadalupe, Talamban, Banilad; Colon St., Osmeña Blvd., Gorordo Ave., M.J. Cuenco Ave., Banilad Road, V. Rama Ave., N. Bacalso Ave., A.S. Fortuna St.
      Davao City; Mindanao; 7.1907; 125.4553; 5; Poblacion, Buhangin, Talomo, Agdao, Matina; C.M. Recto St., J.P. Laurel Ave., San Pedro St., Quimpo Blvd., Ma-a Road, Bonifacio St., Buhangin Road, Agdao Road
    `),
    names: PH_NAMES,
    outletNames: PH_OUTLETS,
    distributors: {
      forms: list(
        '{name} Trading Corporation|{name} Marketing Corp.|{name} Distributors Inc.|{name} Enterprises',
      ),
      names: list(
        'Golden Harvest|Northpoint|Ever Bright|Good Shepherd|Three Kings|Primeline|Silverline|Mabuhay|Pacific Star|Lucky Seven|Bayanihan|Greenfield|Morning Star|New Dawn|St. Jude|Sto. Niño|Golden Dragon|Grand Eastern|Victory|Bicol Star|Holy Family|St. Joseph|Sunrise|Blue Horizon|Jade Valley|Evergreen|Visayan Star|Southern Cross|Tri-Star|Goldcrest|Rising Sun|Kapatiran',
      ),
    },
    // 123 Rizal Ave., Tondo, Manila
    address: ({ rng, street, district, city }) => `${rng.int(1, 2400)} ${street}, ${district}, ${city}`,
    weeklyOff: 7,
    usdRate: 58,
    priceStep: 0.25,
    salesScale: 0.9,
    holidays: [
      ...yearly(list('01-01|04-09|05-01|06-12|08-21|11-01|11-30|12-25|12-30|12-31')),
      ...list('2024-03-28|2024-03-29|2025-04-17|2025-04-18|2026-04-02|2026-04-03|2027-03-25|2027-03-26'),
    ],
    bsaMix: [
      ['Distributor', 0.7],
      ['New Channel', 0.2],
      ['Ice Cream', 0.1],
    ],
    sellsIceCream: true,
    sellsHomeAndPersonalCare: true,
    outletCodePrefix: '4',
  },
  th: {
    cities: cities(`
      Bangkok; Central; 13.7563; 100.5018; 8; Bang Rak, Pathum Wan, Chatuchak, Huai Khwang, Bang Kapi, Thon Buri, Lat Phrao; Thanon Sukhumvit, Thanon Charoen Krung, Thanon Silom, Thanon Phahonyothin, Thanon Ratchadaphisek, Thanon Lat Phrao, Thanon Ramkhamhaeng, Thanon Phetchaburi, Thanon Rama IV, Thanon Charansanitwong, Thanon Pracha Rat Bamphen
      Chiang Mai; North; 18.7883; 98.9853; 4; Chang Phueak, Si Phum, Suthep, Wat Ket, Hai Ya; Thanon Huai Kaeo, Thanon Nimmanhaemin, Thanon Chang Phueak, Thanon Tha Phae, Thanon Chiang Mai-Lamphun, Thanon Wua Lai, Thanon Chotana
      Khon Kaen; Northeast; 16.4322; 102.8236; 4; Nai Mueang, Sila, Ban Pet, Phra Lap; Thanon Mittraphap, Thanon Na Mueang, Thanon Si Chan, Thanon Klang Mueang, Thanon Prachasamosorn, Thanon Ruen Rom
      Hat Yai; South; 7.0084; 100.4767; 4; Hat Yai, Kho Hong, Khuan Lang, Ban Phru; Thanon Niphat Uthit 1, Thanon Niphat Uthit 3, Thanon Phetkasem, Thanon Kanchanawanit, Thanon Sripoovanart, Thanon Ratthakan
    `),
    names: TH_NAMES,
    outletNames: TH_OUTLETS,
    distributors: {
      forms: list(
        '{name} Co., Ltd.|{name} Trading Co., Ltd.|{name} Distribution Co., Ltd.|{name} Part., Ltd.',
      ),
      names: list(
        'Rungrueang Kit|Sombat Panich|Chai Charoen|Sin Thawee|Mongkol Kij|Thanakit|Wattana Panich|Kittikarn|Suksawat|Phatthana Kit|Charoen Sap|Ruamchai|Thong Thai|Sang Thai|Charoen Suk|Ngoen Thong|Siam Sahakit|Saeng Charoen|Boonsong|Chokdee|Tawee Sap|Rattana Panich|Somboon Kit|Prasert Kit|Nakhon Thai|Sirimongkol|Pornpipat|Pattana Siam|Thai Sombat|Chiang Kit',
      ),
    },
    // 88/12 Thanon Silom, Bang Rak, Bangkok
    address: ({ rng, street, district, city }) =>
      `${rng.int(1, 999)}${rng.chance(0.6) ? `/${rng.int(1, 99)}` : ''} ${street}, ${district}, ${city}`,
    weeklyOff: 7,
    usdRate: 36,
    priceStep: 0.5,
    salesScale: 1.1,
    holidays: [
      ...yearly(list('01-01|04-06|04-13|04-14|04-15|05-01|07-28|08-12|10-13|10-23|12-05|12-10|12-31')),
    ],
    bsaMix: [
      ['Distributor', 0.75],
      ['New Channel', 0.15],
      ['Ice Cream', 0.1],
    ],
    sellsIceCream: true,
    sellsHomeAndPersonalCare: true,
    outletCodePrefix: '5',
  },
  pk: {
    cities: cities(`
      Karachi; Sindh; 24.8607; 67.0011; 8; Saddar, Clifton, Gulshan-e-Iqbal, North Nazimabad, Korangi, Lyari; Shahrah-e-Faisal, Tariq Road, M.A. Jinnah Road, Zamzama Boulevard, University Road, Rashid Minhas Road, Korangi Road, Nishtar Road, Abdullah Haroon Road, Shaheed-e-Millat Road
      Lahore; Punjab; 31.5204; 74.3587; 7; Gulberg, Anarkali, Model Town, Johar Town, Shadman, Iqbal Town; Ferozepur Road, Main Boulevard, Mall Road, Jail Road, Multan Road, Allama Iqbal Road, Canal Bank Road, Raiwind Road, Temple Road
      Islamabad; Capital; 33.6844; 73.0479; 5; F-6, F-10, G-9, I-8, Blue Area; Jinnah Avenue, Kohistan Road, Nazimuddin Road, Khayaban-e-Iqbal, IJP Road, Margalla Road, Ibn-e-Sina Road
      Faisalabad; Punjab; 31.4504; 73.135; 4; Madina Town, Peoples Colony, Jinnah Colony, Ghulam Muhammad Abad; Jail Road, Susan Road, Satiana Road, Kotwali Road, Jhang Road, Sargodha Road, Canal Road, Aminpur Bazaar
    `),
    names: PK_NAMES,
    outletNames: PK_OUTLETS,
    distributors: {
      forms: list('{name} Traders|{name} Distributors (Pvt) Ltd|{name} Enterprises|M/s {name} & Co.'),
      names: list(
        'Al-Rehman|Al-Madina|Bismillah|Madni|Al-Noor|Crescent|Ittefaq|Al-Karam|Sadiq|Pak Star|Allied|Zam Zam|Al-Habib|Shalimar|Indus|Ravi|Chenab|Makkah|Al-Fatah|Rehmat|Usmania|Haji Brothers|Shaheen|Sitara|Mehran|Khyber|Al-Syed|Ghani|Falcon|Nawab|Taj|Al-Aziz',
      ),
    },
    // Shop 14, Tariq Road, Gulshan-e-Iqbal, Karachi
    address: ({ rng, street, district, city }) => `Shop ${rng.int(1, 120)}, ${street}, ${district}, ${city}`,
    weeklyOff: 7,
    usdRate: 280,
    priceStep: 1,
    salesScale: 0.75,
    holidays: [...yearly(list('01-01|02-05|03-23|05-01|08-14|11-09|12-25')), ...EID],
    bsaMix: [
      ['Distributor', 0.8],
      ['New Channel', 0.1],
      ['Ice Cream', 0.1],
    ],
    sellsIceCream: true,
    sellsHomeAndPersonalCare: true,
    outletCodePrefix: '6',
  },
  bd: {
    cities: cities(`
      Dhaka; Dhaka; 23.8103; 90.4125; 7; Gulshan, Dhanmondi, Mirpur, Uttara, Mohammadpur, Motijheel, Lalbagh; Mirpur Road, Satmasjid Road, Gulshan Avenue, Begum Rokeya Sarani, Airport Road, Elephant Road, New Eskaton Road, Shantinagar Road, Lalbagh Road, Tejgaon Link Road, Green Road
      Chattogram; Chattogram; 22.3569; 91.7832; 6; Agrabad, Panchlaish, Halishahar, Kotwali, Pahartali; Agrabad Access Road, CDA Avenue, Sheikh Mujib Road, O.R. Nizam Road, Port Connecting Road, Station Road, Jubilee Road, Anderkilla Road
      Sylhet; Sylhet; 24.8949; 91.8687; 4; Zindabazar, Ambarkhana, Upashahar, Shibganj; Zindabazar Road, Amberkhana Road, Airport Road, Chowhatta Road, Subhanighat Road, Bandar Bazar Road
      Khulna; Khulna; 22.8456; 89.5403; 4; Sonadanga, Khalishpur, Daulatpur, Boyra; KDA Avenue, Khan Jahan Ali Road, Sher-e-Bangla Road, Jessore Road, Majid Sarani, Lower Jessore Road
    `),
    names: BD_NAMES,
    outletNames: BD_OUTLETS,
    distributors: {
      forms: list('{name} Enterprise|M/S {name} Traders|{name} Distribution Ltd.|{name} Trading Corporation'),
      names: list(
        'Sonar Bangla|Padma|Meghna|Jamuna|Karnaphuli|Rupali|Bismillah|Haque Brothers|Nabil|Madina|Al-Amin|Rupsha|Surma|Teesta|Aziz|Sheba|Nurjahan|Bhai Bhai|Ma Babar Doa|Aman|Khan Brothers|Shapla|Dhaleshwari|Modhumoti|Sonali|Kushiara|Bandhan|Nabanna|Joba|Saudia',
      ),
    },
    // 45 Mirpur Road, Dhanmondi, Dhaka
    address: ({ rng, street, district, city }) => `${rng.int(1, 400)} ${street}, ${district}, ${city}`,
    weeklyOff: 5,
    usdRate: 120,
    priceStep: 1,
    salesScale: 0.65,
    holidays: [...yearly(list('02-21|03-17|03-26|04-14|05-01|08-15|12-16|12-25')), ...EID],
    bsaMix: [
      ['Distributor', 0.85],
      ['New Channel', 0.15],
    ],
    sellsIceCream: false,
    sellsHomeAndPersonalCare: true,
    outletCodePrefix: '7',
  },
};

/** The outlet name patterns for an outlet of this type and subtype in a market. */
export function outletNamePatterns(cc: CountryCode, type: string, subtype: string): readonly string[] {
  const names = MARKETS[cc].outletNames;
  const patterns = names[subtype] ?? names[type];
  if (!patterns) throw new Error(`no outlet names for ${type} / ${subtype} in ${cc}`);
  return patterns;
}

/** ASCII version of a name for e-mail addresses: strips diacritics (đ becomes d). */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/** Minutes east of UTC; none of these markets observes daylight saving time. */
export const UTC_OFFSET_MINUTES: Record<CountryCode, number> = {
  id: 420,
  idic: 420,
  vn: 420,
  ph: 480,
  th: 420,
  pk: 300,
  bd: 360,
};
