import type { NamespaceMessages } from '../i18n.logic';

const messages: NamespaceMessages = {
  'zh-CN': {
    productName: '零售云后台',
    'client.HMT': '总部端',
    'client.HMD': '门店端',
    'client.HMS': '供应商端',
    loading: '加载中…',
    confirm: '确定',
    cancel: '取消',
    networkError: '网络异常，请检查网络后重试',
    serverError: '服务暂时不可用，请稍后重试',
    'language.zh-CN': '简体中文',
    'language.en-US': 'English',
    scrollBack: '向左滚动',
    scrollForward: '向右滚动',
  },
  'en-US': {
    productName: 'Retail Cloud Back Office',
    'client.HMT': 'Headquarters',
    'client.HMD': 'Store',
    'client.HMS': 'Supplier',
    loading: 'Loading…',
    confirm: 'OK',
    cancel: 'Cancel',
    networkError: 'Network error. Check your connection and try again.',
    serverError: 'The service is temporarily unavailable. Please try again later.',
    'language.zh-CN': '简体中文',
    'language.en-US': 'English',
    scrollBack: 'Scroll left',
    scrollForward: 'Scroll right',
  },
};

export default messages;
