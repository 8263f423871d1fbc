/// Words of an app's interface in the twelve languages of `scripts/bench`'s text and
/// end-to-end figures, every script among them one the fonts of `Fonts/` (or Debian's Noto
/// CJK) cover: Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Han and Kana.
/// Generated texts are phrases of these words, of lengths that vary as translations do.
enum Vocabulary {
    static let languages = ["en", "de", "fr", "es", "ru", "el", "ar", "he", "hi", "th", "ja", "zh-Hans"]

    /// How many words a phrase of `base` English words takes in a language (German and
    /// French run longer, Chinese and Japanese shorter), in percent.
    static func growth(_ language: String) -> Int {
        switch language {
        case "de": 135
        case "fr", "es", "ru", "el": 120
        case "ar", "he", "hi", "th": 110
        case "ja", "zh-Hans": 80
        default: 100
        }
    }

    /// Whether the language writes words without spaces between them.
    static func unspaced(_ language: String) -> Bool { ["th", "ja", "zh-Hans"].contains(language) }

    static let words: [String: [String]] = [
        "en": ["save", "changes", "account", "settings", "privacy", "network", "unavailable", "try", "again", "later",
               "delete", "item", "share", "photo", "download", "update", "available", "password", "notifications",
               "messages", "your", "could", "not", "be", "the", "new", "device", "storage", "almost", "full"],
        "de": ["Änderungen", "speichern", "Konto", "Einstellungen", "Datenschutz", "Netzwerk", "nicht", "verfügbar",
               "später", "erneut", "versuchen", "Element", "löschen", "teilen", "Foto", "herunterladen",
               "Aktualisierung", "Passwort", "Mitteilungen", "Nachrichten", "Ihre", "konnten", "werden", "das", "neue",
               "Gerät", "Speicherplatz", "fast", "voll", "Benachrichtigungseinstellungen"],
        "fr": ["enregistrer", "modifications", "compte", "réglages", "confidentialité", "réseau", "indisponible",
               "réessayer", "plus", "tard", "supprimer", "élément", "partager", "photo", "télécharger", "mise", "à",
               "jour", "disponible", "mot", "de", "passe", "notifications", "messages", "vos", "n’ont", "pas", "pu",
               "être", "l’appareil"],
        "es": ["guardar", "cambios", "cuenta", "ajustes", "privacidad", "red", "no", "disponible", "inténtalo",
               "de", "nuevo", "más", "tarde", "eliminar", "elemento", "compartir", "foto", "descargar",
               "actualización", "contraseña", "notificaciones", "mensajes", "tus", "pudieron", "nuevo",
               "dispositivo", "almacenamiento", "casi", "lleno", "número"],
        "ru": ["сохранить", "изменения", "учётная", "запись", "настройки", "конфиденциальность", "сеть",
               "недоступна", "повторите", "попытку", "позже", "удалить", "объект", "поделиться", "фото", "загрузить",
               "обновление", "доступно", "пароль", "уведомления", "сообщения", "ваши", "не", "удалось", "новое",
               "устройство", "хранилище", "почти", "заполнено", "серийный"],
        "el": ["αποθήκευση", "αλλαγών", "λογαριασμός", "ρυθμίσεις", "απορρήτου", "δίκτυο", "μη", "διαθέσιμο",
               "δοκιμάστε", "ξανά", "αργότερα", "διαγραφή", "στοιχείου", "κοινή", "χρήση", "φωτογραφία", "λήψη",
               "ενημέρωση", "κωδικός", "ειδοποιήσεις", "μηνύματα", "οι", "δεν", "ήταν", "δυνατό", "νέα", "συσκευή",
               "αποθηκευτικός", "χώρος", "σχεδόν"],
        "ar": ["حفظ", "التغييرات", "الحساب", "الإعدادات", "الخصوصية", "الشبكة", "غير", "متوفرة", "حاول", "مرة",
               "أخرى", "لاحقًا", "حذف", "العنصر", "مشاركة", "الصورة", "تنزيل", "تحديث", "متاح", "كلمة", "السر",
               "الإشعارات", "الرسائل", "تعذّر", "الجهاز", "الجديد", "التخزين", "ممتلئ", "تقريبًا", "الرقم"],
        "he": ["שמירת", "השינויים", "חשבון", "הגדרות", "פרטיות", "הרשת", "אינה", "זמינה", "נסו", "שוב",
               "מאוחר", "יותר", "מחיקת", "הפריט", "שיתוף", "תמונה", "הורדה", "עדכון", "זמין", "סיסמה",
               "התראות", "הודעות", "לא", "ניתן", "היה", "המכשיר", "החדש", "האחסון", "כמעט", "מלא"],
        "hi": ["परिवर्तन", "सहेजें", "खाता", "सेटिंग्स", "गोपनीयता", "नेटवर्क", "उपलब्ध", "नहीं", "है", "बाद",
               "में", "फिर", "से", "प्रयास", "करें", "आइटम", "हटाएँ", "साझा", "फ़ोटो", "डाउनलोड", "अपडेट",
               "पासवर्ड", "सूचनाएँ", "संदेश", "आपके", "नया", "डिवाइस", "स्टोरेज", "लगभग", "भरा"],
        "th": ["บันทึก", "การเปลี่ยนแปลง", "บัญชี", "การตั้งค่า", "ความเป็นส่วนตัว", "เครือข่าย", "ไม่", "พร้อมใช้งาน",
               "ลอง", "อีกครั้ง", "ภายหลัง", "ลบ", "รายการ", "แชร์", "รูปภาพ", "ดาวน์โหลด", "อัปเดต", "รหัสผ่าน",
               "การแจ้งเตือน", "ข้อความ", "ของคุณ", "ได้", "อุปกรณ์", "ใหม่", "พื้นที่", "จัดเก็บ", "เกือบ", "เต็ม",
               "หมายเลข", "ยินดีต้อนรับ"],
        "ja": ["変更", "を", "保存", "アカウント", "設定", "プライバシー", "ネットワーク", "は", "利用", "できません",
               "後で", "もう一度", "お試しください", "項目", "削除", "共有", "写真", "ダウンロード", "アップデート",
               "パスワード", "通知", "メッセージ", "できませんでした", "新しい", "デバイス", "ストレージ", "が",
               "ほぼ", "いっぱい", "です"],
        "zh-Hans": ["保存", "更改", "账户", "设置", "隐私", "网络", "不", "可用", "请", "稍后", "再试", "删除", "项目",
                    "共享", "照片", "下载", "更新", "密码", "通知", "信息", "您的", "无法", "新", "设备", "储存",
                    "空间", "几乎", "已满", "序列号", "欢迎"],
    ]

    /// A phrase of about `count` English words' worth in `language`, words picked by `generator`.
    static func phrase(_ language: String, words count: Int, using generator: inout SeededGenerator) -> String {
        let list = words[language]!
        let length = max(1, (count * growth(language) + 50) / 100)
        var picked = (0..<length).map { _ in generator.pick(list) }
        if !unspaced(language) { picked[0] = picked[0].prefix(1).uppercased() + picked[0].dropFirst() }
        return picked.joined(separator: unspaced(language) ? "" : " ")
    }
}
