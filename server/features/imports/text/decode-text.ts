import type { TextEncodingName } from '#shared/api/imports'

/**
 * A text file's bytes as a string, whatever its encoding (issue 27). A byte-order mark decides
 * (UTF-8, UTF-16 LE or BE); without one, UTF-16 is recognised by its zero bytes and valid UTF-8 is
 * UTF-8. Anything else is decoded in each legacy candidate (Shift_JIS, GB18030, EUC-KR,
 * Windows-1252), a decoding that breaks the encoding's rules is out, and the others are scored by
 * how much the text looks like that encoding's language: the kana of Japanese, the most frequent
 * Hangul syllables of Korean, the most frequent characters of Chinese, accented letters inside
 * Latin words; characters a wrong decoding gives (half-width katakana, private use, controls)
 * count against it. The student can pick another encoding in the preview when the guess is wrong.
 */

/** The legacy candidates, in the order a tie goes. */
const LEGACY: TextEncodingName[] = ['shift_jis', 'gb18030', 'euc-kr', 'windows-1252']

/** The most frequent Hangul syllables of Korean text. */
const KOREAN_COMMON = new Set(
  '이다는의에가을하고한지리기서로사도자시어나아수를대인정적전해들그요게것일거만상제라우부주보면과소국무도여신성관비내미화장원동문있학없우습니니까세오구모저'.split(
    '',
  ),
)
/** The most frequent characters of Chinese text (simplified and traditional). */
const CHINESE_COMMON = new Set(
  '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁纸诸训私庄祖丝翻暴森塔默握戏隐熟骨访弱蒙歌店鬼软典欲萨伙遭盘爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣曲刀床迎冰虚玩析窗醒妻透购替塞努休虎扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震弃甲伟麻川申缓潜闪售灯针哲络抵朱埃抱鼓植纯夏忍页杰筑折郑贝尊吴秀混臣雅振染盛怒舞圆搞狂措姓残秋培迷诚宽宇猛摆梅毁伸摩盟末乃悲拍丁赵勇晓厅' +
    '們個來為國說時對會後學這裡當發經麼現動進還點從兩與長開關問體機實將無變義當業話應間頭樣黨軍軟電報讓邊組條別員並種結總幾聽於師'.split(''),
)

function isKana(code: number): boolean {
  return (code >= 0x3041 && code <= 0x309f) || (code >= 0x30a0 && code <= 0x30ff)
}

/** How much a decoding looks like text of its encoding's language; higher is likelier. */
function plausibility(text: string, encoding: TextEncodingName): number {
  let score = 0
  let previous = 0
  for (const char of text) {
    const code = char.codePointAt(0) as number
    if (code < 0x80) {
      if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) score -= 5
      // A wrong multi-byte decoding swallows ASCII letters as trail bytes.
      else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) score += 0.1
    } else if (code <= 0x9f) score -= 5
    else if (code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7) {
      // An accented letter inside a Latin word (café, Straße) is what Windows-1252 text looks like.
      const inWord = (previous >= 0x41 && previous <= 0x5a) || (previous >= 0x61 && previous <= 0x7a) || (previous >= 0xc0 && previous <= 0xff)
      score += inWord ? 2 : 0.5
    } else if (isKana(code)) score += encoding === 'shift_jis' ? 3 : 1
    else if (code >= 0xff61 && code <= 0xff9f) score -= 2
    else if (code >= 0xac00 && code <= 0xd7a3) score += KOREAN_COMMON.has(char) ? 3 : 0
    else if (code >= 0x4e00 && code <= 0x9fff) score += CHINESE_COMMON.has(char) ? 2 : 0
    else if ((code >= 0xe000 && code <= 0xf8ff) || (code >= 0x3400 && code <= 0x4dbf) || code >= 0x20000) score -= 3
    else if (code === 0x2018 || code === 0x2019 || code === 0x201c || code === 0x201d || code === 0x2013 || code === 0x2014 || code === 0x2026) score += 0.5
    previous = code
  }
  return score
}

/** The sample scored: enough text to decide, bounded whatever the file's size. */
const SAMPLE_BYTES = 64 * 1024

/**
 * Windows-1252's bytes 0x80 to 0x9F (curly quotes, dashes, the euro sign, œ): Node 20's TextDecoder
 * reads them as Latin-1's control characters, so they are mapped here as the Encoding Standard
 * does (the five unassigned bytes stay the control characters it gives them).
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

/** The bytes as text in `encoding`; with `fatal`, null when they break its rules. */
function decodeAs(bytes: Uint8Array, encoding: TextEncodingName, fatal: boolean): string | null {
  try {
    const text = new TextDecoder(encoding, { fatal }).decode(bytes)
    return encoding === 'windows-1252' ? text.replace(/[\x80-\x9f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] as string) : text
  } catch {
    return null
  }
}

const decodes = (bytes: Uint8Array, encoding: TextEncodingName) => decodeAs(bytes, encoding, true)

/** The sample's end, moved back to a line break so a multi-byte character is never cut in two. */
function sampleOf(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= SAMPLE_BYTES) return bytes
  const newline = bytes.lastIndexOf(0x0a, SAMPLE_BYTES)
  return bytes.subarray(0, newline > 0 ? newline + 1 : SAMPLE_BYTES)
}

function utf16Guess(sample: Uint8Array): TextEncodingName | null {
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenZeros++ : oddZeros++
  const pairs = Math.floor(sample.length / 2)
  if (pairs === 0) return null
  // Text in the other encodings has no zero bytes. In UTF-16 every ASCII character (Latin text, but
  // also the tabs and line breaks of any list) has one, on its own side of the pair.
  if (oddZeros > pairs * 0.02 && evenZeros <= oddZeros * 0.05) return 'utf-16le'
  if (evenZeros > pairs * 0.02 && oddZeros <= evenZeros * 0.05) return 'utf-16be'
  return null
}

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 }
  const sample = sampleOf(bytes)
  const utf16 = utf16Guess(sample.subarray(0, 4096))
  if (utf16) return { encoding: utf16, bomLength: 0 }
  if (decodes(bytes, 'utf-8') !== null) return { encoding: 'utf-8', bomLength: 0 }
  let best: { encoding: TextEncodingName; score: number } = { encoding: 'windows-1252', score: Number.NEGATIVE_INFINITY }
  for (const encoding of LEGACY) {
    const text = decodes(sample, encoding)
    if (text === null) continue
    const score = plausibility(text, encoding)
    if (score > best.score) best = { encoding, score }
  }
  return { encoding: best.encoding, bomLength: 0 }
}

/**
 * The text in the encoding asked for (a BOM of that encoding is left out), else in the one
 * detected. Bytes that do not fit the encoding become U+FFFD: the student sees it and picks another.
 */
export function decodeText(bytes: Uint8Array, asked?: TextEncodingName): { text: string; encoding: TextEncodingName } {
  const { encoding, bomLength } = asked ? { encoding: asked, bomLength: bomOf(bytes, asked) } : detectEncoding(bytes)
  return { text: decodeAs(bytes.subarray(bomLength), encoding, false) as string, encoding }
}

function bomOf(bytes: Uint8Array, encoding: TextEncodingName): number {
  if (encoding === 'utf-8') return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  if (encoding === 'utf-16le') return bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0
  if (encoding === 'utf-16be') return bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0
  return 0
}
