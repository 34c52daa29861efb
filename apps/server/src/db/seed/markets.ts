/**
 * What makes each market's demo data look local: real city centres (points are jittered a few km
 * around them), people's names, shop names, public holidays, the weekly day off and how prices are
 * rounded in the local currency.
 */
import type { CountryCode } from '@fieldforce/contracts';

export interface City {
  name: string;
  region: string;
  lat: number;
  lng: number;
  /** Radius in km that outlets spread over. */
  radiusKm: number;
  /** Street or district names used in addresses. */
  districts: readonly string[];
}

export interface PeopleNames {
  given: readonly string[];
  family: readonly string[];
  /** How a full name is composed. */
  format: (given: string, family: string, middle: string) => string;
  middle?: readonly string[];
}

export interface MarketProfile {
  cities: readonly City[];
  names: PeopleNames;
  shopNames: readonly string[];
  /** Distributor trading-name patterns ({family} and {city} are replaced). */
  distributorNames: readonly string[];
  /** ISO day of week with no field work (bd works Saturday to Thursday). */
  weeklyOff: number;
  /** US dollars to local currency, and the step prices are rounded to. */
  usdRate: number;
  priceStep: number;
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
  family: list('Nguyễn|Trần|Lê|Phạm|Hoàng|Huỳnh|Phan|Vũ|Võ|Đặng|Bùi|Đỗ|Hồ|Ngô|Dương|Lý'),
  middle: list('Văn|Thị|Hữu|Đức|Minh|Ngọc|Thanh|Quốc|Hoàng|Thu|Bảo|Gia'),
  given: list(
    'An|Bình|Châu|Dũng|Giang|Hà|Hải|Hạnh|Hiếu|Hoa|Hùng|Hương|Khánh|Lan|Linh|Long|Mai|Nam|Ngân|Phong|Phúc|Quân|Quang|Sơn|Tâm|Thảo|Thắng|Trang|Trung|Tuấn|Vy|Yến|Đạt|Khoa|Nhung|Oanh',
  ),
  format: (given, family, middle) => `${family} ${middle} ${given}`,
};

const ID_NAMES: PeopleNames = {
  given: list(
    'Agus|Budi|Dewi|Eka|Fajar|Gita|Hendra|Indah|Joko|Kartika|Lestari|Made|Nur|Putri|Rizky|Sari|Teguh|Wahyu|Yudi|Ayu|Bambang|Rina|Siti|Dian|Andi|Irfan|Wulan|Yusuf',
  ),
  family: list(
    'Santoso|Wijaya|Saputra|Hidayat|Kusuma|Pratama|Setiawan|Nugroho|Susanto|Lubis|Siregar|Halim|Gunawan|Purnomo|Wibowo|Rahman|Hakim|Sitompul',
  ),
  format: (given, family) => `${given} ${family}`,
};

const PH_NAMES: PeopleNames = {
  given: list(
    'Jose|Maria|Juan|Ana|Mark|Angelica|John Paul|Kristine|Rodel|Mary Grace|Jerome|Liza|Ramon|Carmela|Paolo|Joy|Nestor|Rowena|Arnel|Jocelyn|Ricardo|Maricel',
  ),
  family: list(
    'Santos|Reyes|Cruz|Bautista|Ocampo|Garcia|Mendoza|Torres|Castillo|Villanueva|Ramos|Aquino|Dela Cruz|Gonzales|Navarro|Flores|Manalo|Pascual',
  ),
  format: (given, family) => `${given} ${family}`,
};

const TH_NAMES: PeopleNames = {
  given: list(
    'Somchai|Somsak|Suda|Siriporn|Anan|Kanya|Niran|Pranee|Wichai|Malee|Chaiwat|Ratana|Kittisak|Nattaya|Thanakorn|Pimchanok|Sakda|Jintana|Apinya|Surachai',
  ),
  family: list(
    'Saetang|Wongsawat|Jaidee|Srisuk|Chaiyaphum|Boonmee|Thongchai|Rattanakorn|Kongkaew|Suwannarat|Phromma|Sukprasert|Chantarasiri|Intharawong',
  ),
  format: (given, family) => `${given} ${family}`,
};

const PK_NAMES: PeopleNames = {
  given: list(
    'Muhammad Ali|Ahmed|Bilal|Usman|Hamza|Imran|Faisal|Ayesha|Fatima|Sana|Hina|Zainab|Asad|Kashif|Sadia|Nadia|Tariq|Waqas|Adnan|Rabia',
  ),
  family: list(
    'Khan|Malik|Qureshi|Sheikh|Butt|Chaudhry|Siddiqui|Raza|Abbasi|Hussain|Iqbal|Mirza|Javed|Ansari',
  ),
  format: (given, family) => `${given} ${family}`,
};

const BD_NAMES: PeopleNames = {
  given: list(
    'Abdul Karim|Rahim|Shakil|Tanvir|Farhana|Nusrat|Sumaiya|Mahmudul|Rafiq|Jahangir|Anika|Sharmin|Kamrul|Mizanur|Rubina|Arif|Sabbir|Taslima|Mehedi|Shirin',
  ),
  family: list(
    'Hossain|Rahman|Islam|Ahmed|Chowdhury|Uddin|Khan|Akter|Miah|Sarkar|Talukder|Haque|Alam|Biswas',
  ),
  format: (given, family) => `${given} ${family}`,
};

/** One city per line: name; region; latitude; longitude; spread in km; districts, comma-separated. */
function cities(table: string): City[] {
  return table
    .trim()
    .split('\n')
    .map((line) => {
      const [name = '', region = '', lat, lng, radius, districts = ''] = line.split(';').map((s) => s.trim());
      return {
        name,
        region,
        lat: Number(lat),
        lng: Number(lng),
        radiusKm: Number(radius),
        districts: districts.split(',').map((d) => d.trim()),
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

export const MARKETS: Record<CountryCode, MarketProfile> = {
  vn: {
    cities: cities(`
      Ho Chi Minh City; South; 10.7769; 106.7009; 7; Quận 1, Quận 3, Quận 5, Quận 7, Bình Thạnh, Gò Vấp, Tân Bình, Thủ Đức
      Hanoi; North; 21.0278; 105.8342; 6; Hoàn Kiếm, Ba Đình, Đống Đa, Cầu Giấy, Hai Bà Trưng, Thanh Xuân, Long Biên
      Da Nang; Central; 16.0544; 108.2022; 4; Hải Châu, Thanh Khê, Sơn Trà, Ngũ Hành Sơn, Liên Chiểu
      Hai Phong; North; 20.8449; 106.6881; 4; Hồng Bàng, Lê Chân, Ngô Quyền, Kiến An
      Can Tho; South; 10.0452; 105.7469; 4; Ninh Kiều, Cái Răng, Bình Thủy, Ô Môn
    `),
    names: VN_NAMES,
    shopNames: list(
      'Tạp hóa {given}|Cửa hàng {given}|Tạp hóa Cô {given}|Siêu thị Mini {given}|Cửa hàng {family} {given}|Đại lý {given}',
    ),
    distributorNames: [
      'Công ty TNHH Phân phối {family} {city}',
      'Nhà phân phối {family}',
      'Công ty CP Thương mại {family}',
    ],
    weeklyOff: 7,
    usdRate: 25_000,
    priceStep: 500,
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
      Jakarta; Jabodetabek; -6.2088; 106.8456; 8; Menteng, Tanah Abang, Kebayoran Baru, Cempaka Putih, Tebet, Kelapa Gading, Cengkareng
      Surabaya; East Java; -7.2575; 112.7521; 6; Genteng, Tegalsari, Wonokromo, Rungkut, Sukolilo, Tambaksari
      Bandung; West Java; -6.9175; 107.6191; 5; Coblong, Sukajadi, Cicendo, Lengkong, Buahbatu
      Medan; Sumatra; 3.5952; 98.6722; 5; Medan Baru, Medan Petisah, Medan Kota, Medan Helvetia
      Semarang; Central Java; -6.9667; 110.4167; 4; Semarang Tengah, Candisari, Banyumanik, Pedurungan
    `),
    names: ID_NAMES,
    shopNames: list(
      'Toko {given}|Warung {given}|Toko Sembako {given}|Minimarket {family}|Toko {given} Jaya|Warung Bu {given}',
    ),
    distributorNames: ['PT {family} Distribusi {city}', 'PT Sinar {family}', 'CV {family} Jaya Abadi'],
    weeklyOff: 7,
    usdRate: 16_000,
    priceStep: 500,
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
      Jakarta; Jabodetabek; -6.2088; 106.8456; 8; Menteng, Tanah Abang, Kebayoran Baru, Kemang, Pluit, Kelapa Gading
      Surabaya; East Java; -7.2575; 112.7521; 6; Genteng, Gubeng, Wonokromo, Rungkut, Mulyorejo
      Bandung; West Java; -6.9175; 107.6191; 5; Coblong, Sukajadi, Dago, Lengkong, Cibeunying
      Denpasar; Bali; -8.6705; 115.2126; 5; Denpasar Barat, Denpasar Selatan, Sanur, Kuta, Renon
      Makassar; Sulawesi; -5.1477; 119.4327; 4; Ujung Pandang, Panakkukang, Tamalate, Rappocini
    `),
    names: ID_NAMES,
    shopNames: list(
      'Toko {given}|Warung Es {given}|Kios {given}|Minimarket {family}|Kantin {given}|Toko {given} Segar',
    ),
    distributorNames: ['PT {family} Es Krim {city}', 'PT Dingin {family}', 'CV {family} Beku Sejahtera'],
    weeklyOff: 7,
    usdRate: 16_000,
    priceStep: 500,
    holidays: INDONESIA_HOLIDAYS,
    bsaMix: [['Ice Cream', 1]],
    sellsIceCream: true,
    sellsHomeAndPersonalCare: false,
    outletCodePrefix: '2',
  },
  ph: {
    cities: cities(`
      Manila; NCR; 14.5995; 120.9842; 5; Tondo, Sampaloc, Ermita, Malate, Santa Cruz, Paco
      Quezon City; NCR; 14.676; 121.0437; 6; Cubao, Diliman, Novaliches, Commonwealth, Project 4
      Cebu City; Visayas; 10.3157; 123.8854; 5; Lahug, Mabolo, Guadalupe, Talamban, Banilad
      Davao City; Mindanao; 7.1907; 125.4553; 5; Poblacion, Buhangin, Talomo, Agdao, Matina
    `),
    names: PH_NAMES,
    shopNames: list(
      "{given}'s Sari-Sari Store|{family} Mini Mart|Aling {given}'s Store|{family} Grocery|{given} General Merchandise",
    ),
    distributorNames: [
      '{family} Trading Corporation',
      '{city} {family} Distributors Inc.',
      '{family} Marketing Corp.',
    ],
    weeklyOff: 7,
    usdRate: 57,
    priceStep: 0.25,
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
      Bangkok; Central; 13.7563; 100.5018; 8; Bang Rak, Pathum Wan, Chatuchak, Huai Khwang, Bang Kapi, Thon Buri, Lat Phrao
      Chiang Mai; North; 18.7883; 98.9853; 4; Chang Phueak, Si Phum, Nimman, Wat Ket, Hai Ya
      Khon Kaen; Northeast; 16.4322; 102.8236; 4; Nai Mueang, Sila, Ban Pet, Phra Lap
      Hat Yai; South; 7.0084; 100.4767; 4; Hat Yai Nai, Kho Hong, Khuan Lang, Ban Phru
    `),
    names: TH_NAMES,
    shopNames: list('Ran {given}|Ran Kha Plik {given}|{family} Mini Mart|Ran Chamroen {given}|{given} Shop'),
    distributorNames: [
      '{family} Trading Co., Ltd.',
      '{city} {family} Distribution',
      'Siam {family} Supply Co., Ltd.',
    ],
    weeklyOff: 7,
    usdRate: 35,
    priceStep: 0.5,
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
      Karachi; Sindh; 24.8607; 67.0011; 8; Saddar, Clifton, Gulshan-e-Iqbal, North Nazimabad, Korangi, Lyari
      Lahore; Punjab; 31.5204; 74.3587; 7; Gulberg, Anarkali, Model Town, Johar Town, Shadman, Iqbal Town
      Islamabad; Capital; 33.6844; 73.0479; 5; F-6, F-10, G-9, I-8, Blue Area
      Faisalabad; Punjab; 31.4504; 73.135; 4; Madina Town, Peoples Colony, Jinnah Colony, Ghulam Muhammad Abad
    `),
    names: PK_NAMES,
    shopNames: list(
      '{given} General Store|{family} Karyana Store|Al-{family} Traders|{given} Kiryana|New {family} Store',
    ),
    distributorNames: [
      '{family} Distributors (Pvt) Ltd',
      '{city} {family} Traders',
      '{family} & Sons Distribution',
    ],
    weeklyOff: 7,
    usdRate: 280,
    priceStep: 1,
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
      Dhaka; Dhaka; 23.8103; 90.4125; 7; Gulshan, Dhanmondi, Mirpur, Uttara, Mohammadpur, Motijheel, Old Dhaka
      Chittagong; Chattogram; 22.3569; 91.7832; 6; Agrabad, Panchlaish, Halishahar, Kotwali, Pahartali
      Sylhet; Sylhet; 24.8949; 91.8687; 4; Zindabazar, Ambarkhana, Upashahar, Shibganj
      Khulna; Khulna; 22.8456; 89.5403; 4; Sonadanga, Khalishpur, Daulatpur, Boyra
    `),
    names: BD_NAMES,
    shopNames: list(
      '{given} Store|{family} General Store|Maa Store|{family} Bhandar|Bismillah {family} Store',
    ),
    distributorNames: ['{family} Enterprise', '{city} {family} Traders', 'M/S {family} Distribution'],
    weeklyOff: 5,
    usdRate: 120,
    priceStep: 1,
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
