import type { NamespaceMessages } from '../i18n.logic';

const messages: NamespaceMessages = {
  'zh-CN': {
    logout: '退出登录',
    changePassword: '修改密码',
    language: '语言',
    toggleMenu: '展开/收起菜单',
    home: '首页',
    notFound: '页面不存在',
    notFoundHint: '您访问的页面不存在或已被移除。',
    backHome: '返回首页',
    comingSoon: '该页面正在建设中',
  },
  'en-US': {
    logout: 'Log out',
    changePassword: 'Change password',
    language: 'Language',
    toggleMenu: 'Toggle menu',
    home: 'Home',
    notFound: 'Page not found',
    notFoundHint: 'The page you asked for does not exist or has been removed.',
    backHome: 'Back to home',
    comingSoon: 'This page is under construction',
  },
};

export default messages;
