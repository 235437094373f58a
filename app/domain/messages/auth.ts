import { waitDuration } from "./shared";

export const auth = {
  emailLabel: "Email",
  passwordLabel: "Пароль",
  emailPlaceholder: "name@company.com",
  login: {
    title: "Вход в аккаунт",
    subtitle: "Войдите, чтобы управлять профилем, товарами и тендерами",
    submit: "Войти",
    submitting: "Вход...",
    noAccount: "Нет аккаунта? Зарегистрироваться",
    forgotPassword: "Забыли пароль?",
    emailRequired: "Введите email",
    passwordRequired: "Введите пароль",
    emailInvalid: "Введите корректный email",
    invalidCredentials: "Неверный email или пароль",
    emailNotConfirmed: "Подтвердите email перед входом",
    invalidEmailFormat: "Неверный формат email",
    errorPrefix: "Ошибка входа: ",
    error: (message: string) => `Ошибка входа: ${message}`,
    unexpectedError: "Произошла ошибка при входе",
    success: "Успешный вход в систему",
    adminWelcome: (name: string) => `Добро пожаловать в админ панель, ${name}`,
    resendConfirmation: "Отправить письмо еще раз",
    banned: "Ваш аккаунт заблокирован администратором. Если это ошибка, напишите в поддержку.",
    confirmationResent: "Письмо для подтверждения отправлено повторно",
    /** Too many wrong passwords for the account: sign-in opens again after the wait. */
    locked: (seconds: number) =>
      `Слишком много неудачных попыток входа. Попробуйте снова через ${waitDuration(seconds)} или восстановите пароль.`,
  },
  register: {
    title: "Регистрация",
    subtitle: "Создайте аккаунт покупателя или фабрики",
    nameLabel: "Имя или название компании",
    namePlaceholder: "Например, ОсОО «Текстиль Групп»",
    userTypeLabel: "Тип пользователя",
    userTypePlaceholder: "Выберите тип",
    buyer: "Покупатель",
    factory: "Швейная фабрика",
    confirmPasswordLabel: "Подтвердите пароль",
    passwordHint: "Минимум 6 символов: латинские буквы, цифры и специальные знаки",
    submit: "Зарегистрироваться",
    submitting: "Регистрация...",
    haveAccount: "Уже есть аккаунт? Войти",
    nameTooShort: "Имя должно содержать минимум 2 символа",
    userTypeRequired: "Выберите тип пользователя",
    emailInvalid: "Введите корректный email",
    emailNotLatin: "Email должен содержать только латинские символы",
    passwordTooShort: "Пароль должен содержать минимум 6 символов",
    passwordInvalidChars:
      "Пароль может содержать только латинские символы, цифры и специальные знаки",
    passwordsMismatch: "Пароли не совпадают",
    emailTaken: "Пользователь с таким email уже зарегистрирован",
    invalidEmailFormat: "Неверный формат email",
    weakPassword: "Пароль не соответствует требованиям",
    databaseError: "Ошибка базы данных. Попробуйте еще раз.",
    error: (message: string) => `Ошибка регистрации: ${message}`,
    unexpectedError: "Произошла неожиданная ошибка",
    exception: (message?: string) =>
      `Произошла ошибка при регистрации: ${message || "Неизвестная ошибка"}`,
    unknownError: "Неизвестная ошибка",
    success: "Регистрация прошла успешно",
  },
  confirm: {
    title: "Подтвердите email",
    sentTo: (email: string) => `Мы отправили письмо со ссылкой для подтверждения на ${email}.`,
    instructions:
      "Перейдите по ссылке из письма: она подтвердит адрес и сразу выполнит вход в аккаунт.",
    spamHint: "Не нашли письмо? Проверьте папку «Спам» или подождите пару минут.",
    goToLogin: "Перейти ко входу",
    registerAnother: "Зарегистрировать другой email",
    verified: "Email подтвержден. Теперь вы можете войти.",
    verifiedSignedIn: "Email подтвержден. Добро пожаловать!",
    /** The first step of a new factory: its profile, then the directory lists it. */
    verifiedFactory:
      "Email подтвержден. Начните с профиля фабрики: заполните его, и фабрика появится в каталоге.",
    /** The first step of a new buyer: the directory, or a tender. */
    verifiedBuyer:
      "Email подтвержден. Найдите фабрику в каталоге или разместите тендер, чтобы фабрики увидели ваш заказ.",
    linkInvalid: "Ссылка для подтверждения недействительна или устарела",
    resend: "Отправить письмо еще раз",
    resending: "Отправляем...",
    resent: (email: string) =>
      `Мы отправили письмо для подтверждения на ${email} еще раз. Проверьте почту и папку «Спам».`,
    resendWait: (seconds: number) =>
      `Письмо уже отправлено недавно. Новое можно запросить через ${waitDuration(seconds)}.`,
    /** The sign-in of an unconfirmed account has just sent a new letter. */
    sentOnSignIn: (email: string) =>
      `Мы отправили новое письмо для подтверждения на ${email}. Перейдите по ссылке из письма: она подтвердит адрес и выполнит вход.`,
    /** The sign-in of an unconfirmed account sent nothing: a letter went a short while ago. */
    sentRecently: (email: string) =>
      `Письмо для подтверждения уже отправлено на ${email} недавно. Проверьте почту и папку «Спам».`,
    /** Under the resend button while the account's next letter may not go yet. */
    resendAvailableIn: (seconds: number) =>
      `Новое письмо можно будет запросить через ${waitDuration(seconds)}.`,
  },
  reset: {
    requestTitle: "Восстановление пароля",
    requestText:
      "Укажите email, с которым вы регистрировались, и мы пришлем ссылку для сброса пароля.",
    requestSubmit: "Отправить ссылку",
    requestSubmitting: "Отправка...",
    requestSent:
      "Если аккаунт с таким email существует, мы отправили на него письмо со ссылкой для сброса пароля.",
    backToLogin: "Вернуться ко входу",
    newTitle: "Новый пароль",
    newPasswordLabel: "Новый пароль",
    confirmPasswordLabel: "Повторите пароль",
    newSubmit: "Сохранить пароль",
    success: "Пароль изменен. Войдите с новым паролем.",
    linkInvalid: "Ссылка для сброса пароля недействительна или устарела",
  },
} as const;
