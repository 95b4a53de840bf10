import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Center } from '@mantine/core';
import { fn } from 'storybook/test';
import { LoginForm } from './LoginForm';

const meta = {
  title: 'Pages/Login/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn(), onClientChange: fn(), loading: false, error: null },
  decorators: [
    (Story) => (
      <Center mih="100vh" bg="var(--hm-page-bg)">
        <Card shadow="sm" padding="xl" w={380} withBorder>
          <Story />
        </Card>
      </Center>
    ),
  ],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Remembered: Story = { args: { initialValues: { merchant_no: '10139', client: 'HMD' } } };

export const Loading: Story = { args: { initialValues: { merchant_no: '10139' }, loading: true } };

export const WrongCredentials: Story = {
  args: { initialValues: { merchant_no: '10139' }, error: '商户号、用户名或密码错误' },
};
