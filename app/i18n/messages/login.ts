import type { NamespaceMessages } from '../i18n.logic';

const messages: NamespaceMessages = {
  'zh-CN': {
    title: '账号登录',
    subtitle: '门店、总部与供应商的统一业务后台',
    client: '登录端',
    merchantNo: '商户号',
    merchantNoPlaceholder: '请输入商户号',
    username: '用户名',
    usernamePlaceholder: '请输入用户名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    submit: '登录',
    merchantNoRequired: '请输入商户号',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    failed: '登录失败',
    expired: '登录已过期，请重新登录',
  },
  'en-US': {
    title: 'Sign in',
    subtitle: 'One back office for stores, headquarters and suppliers',
    client: 'Client',
    merchantNo: 'Merchant number',
    merchantNoPlaceholder: 'Enter the merchant number',
    username: 'User name',
    usernamePlaceholder: 'Enter the user name',
    password: 'Password',
    passwordPlaceholder: 'Enter the password',
    submit: 'Sign in',
    merchantNoRequired: 'Enter the merchant number',
    usernameRequired: 'Enter the user name',
    passwordRequired: 'Enter the password',
    failed: 'Sign-in failed',
    expired: 'Your session has expired. Please sign in again.',
  },
};

export default messages;
