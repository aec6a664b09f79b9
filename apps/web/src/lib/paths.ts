/** Spec section 2, route table: the one place web paths are spelled out. */
export const paths = {
  adminLogin: '/admin/login',
  catalogLogin: '/catalog/login',
  catalogFamily: '/catalog/family',
  catalogMain: '/catalog/main',
  catalogProduct: (id: number | string) => `/catalog/main/${id}`,
  admin: '/admin',
  familyList: '/admin/family/list',
  familyCreate: '/admin/family/create',
  familyEdit: (id: number | string) => `/admin/family/edit/${id}`,
  categoryList: '/admin/category/list',
  categoryCreate: '/admin/category/create',
  categoryEdit: (id: number | string) => `/admin/category/edit/${id}`,
  productList: '/admin/products/list',
  productCreate: '/admin/products/create',
  productEdit: (id: number | string) => `/admin/products/edit/${id}`,
  userList: '/admin/users/list',
  userCreate: '/admin/users/create',
  userEdit: (id: number | string) => `/admin/users/edit/${id}`,
  uploadAll: '/admin/upload',
  uploadCategories: '/admin/upload/categories',
  uploadProducts: '/admin/upload/products',
} as const;

/** API paths, relative to the `/api` base (spec section 7, DESIGN.md "API"). */
export const apiPaths = {
  adminLogin: '/admin/login',
  userLogin: '/user/login',
  adminAuth: '/admin/auth',
  userAuth: '/user/auth',
  config: '/config',
  search: '/search',
  families: '/family',
  family: (id: number | string) => `/family/${id}`,
  categories: '/category',
  category: (id: number | string) => `/category/${id}`,
  products: '/product',
  product: (id: number | string) => `/product/${id}`,
  users: '/user',
  user: (id: number | string) => `/user/${id}`,
  userProfile: (id: number | string) => `/user/profile/${id}`,
  uploadImage: '/upload/image',
} as const;

export type LoginApiPath = typeof apiPaths.adminLogin | typeof apiPaths.userLogin;
